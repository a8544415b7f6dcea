/**
 * JSON shapes of the tickets API (SPEC.md sections 3 and 7, DESIGN.md). Every field of the Ticket entity is
 * computed on the server. Times: `*_timestamp`, `timestamp`, `start` and `end` are seconds since the epoch;
 * `created_at`, `updated_at` and `closed_at` are ISO strings.
 */
import type { ListMeta } from './api';
import type { WallClockRange } from './schemas/tickets';

export interface ApiTicketUnit {
  id: number;
  name: string;
  address: string;
  postal_code: string;
  /** City and province of the unit's property (DESIGN.md replaces the fixed "Edmonton, AB" line). */
  city: string;
  province: string;
  country: string;
  /** The unit's map link, else its property's; '' when neither has one. */
  gmaps_url: string;
}

export interface ApiTicketCategory {
  id: number;
  title: string;
}

export interface ApiTicketTenant {
  id: number;
  name: string;
  company_name: string;
  /** URL of the avatar, or null. */
  avatar: string | null;
}

export interface ApiTicketContactDetails {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
}

/** One uploaded file of a ticket (image or PDF), served only to users who may see the ticket. */
export interface ApiTicketImage {
  id: number;
  /** `/api/tickets/{id}/images/{imageId}` */
  url: string;
  /** `/api/tickets/{id}/images/{imageId}/thumbnail` (320 px WebP); null for PDFs. */
  thumbnail_url: string | null;
  mime_type: string;
  /** The name the file was uploaded with (shown only; never used to store it). */
  name: string;
  size: number;
  is_image: boolean;
}

export interface ApiTicketAvailability {
  start: number;
  end: number;
}

export interface ApiTicketLogEntry {
  id: number;
  /** Stable code: created, routed, updated, status_changed, images_added, images_removed. */
  action: string;
  description: string;
  /** Who did it; null when that user has been deleted (or for system entries). */
  user: { id: number; name: string } | null;
  timestamp: number;
}

/** What the viewer may do to the ticket, so the web shows only the buttons that work. */
export interface ApiTicketPermissions {
  update: boolean;
  delete: boolean;
  change_status: boolean;
}

/** A ticket as lists show it (GET tickets and friends, batch answers). */
export interface ApiTicketSummary {
  id: number;
  /** Zero-padded to 3 digits below 1000: "007". */
  visible_id: string;
  title: string;
  description: string;
  priority: number;
  priority_text: string;
  status: number;
  status_text: string;
  status_slug: string;
  unit_id: number;
  property_id: number;
  unit: ApiTicketUnit;
  category_ids: number[];
  categories: ApiTicketCategory[];
  tenant: ApiTicketTenant | null;
  /** The tenant's company name, else its name; '' when the ticket has no tenant. */
  tenant_name: string;
  property_name: string;
  meta: Record<string, string>;
  contact_details: ApiTicketContactDetails;
  created_at: string;
  created_at_timestamp: number;
  updated_at: string;
  /** Null while the status is below 3 (SPEC.md: the detail then shows the status text instead). */
  closed_at: string | null;
  /** `/api/tickets/{id}/` */
  path: string;
  highlighted: boolean;
  can: ApiTicketPermissions;
}

/** GET tickets/{id}/ and the answers of create, update and status changes. */
export interface ApiTicket extends ApiTicketSummary {
  /** URLs of the files, in upload order (SPEC.md "images (list of URLs)"). */
  images: string[];
  /** Thumbnail URLs in the same order (null for a PDF). */
  thumbnails: (string | null)[];
  /** The same files with ids (for `remove_images[]`), names and types. */
  image_files: ApiTicketImage[];
  availability: ApiTicketAvailability[];
  /** The same ranges as wall-clock dates and times at the property (what the form edits and sends back). */
  availability_ranges: WallClockRange[];
  /** e.g. "Mon, Nov 23, 8:00 AM – 9:00 AM", in the time zone of the unit's property. */
  availability_strings: string[];
  /** IANA time zone of the unit's property, which the availability is entered and shown in. */
  availability_time_zone: string;
  /** Newest first. */
  log: ApiTicketLogEntry[];
  log_length: number;
}

export interface ApiTicketList {
  data: ApiTicketSummary[];
  meta: ListMeta;
}

/** PATCH /api/tickets/batch/status. `refused`: ids the user may not change (or that it cannot see). */
export interface ApiTicketBatchStatusResponse {
  data: ApiTicketSummary[];
  refused: number[];
  message: string;
}

/** DELETE /api/tickets/batch. `data`: the ids deleted. */
export interface ApiTicketBatchDeleteResponse {
  data: number[];
  refused: number[];
  message: string;
}

/** DELETE {ticket path}. */
export interface ApiTicketDeleteResponse {
  id: number;
  message: string;
}
