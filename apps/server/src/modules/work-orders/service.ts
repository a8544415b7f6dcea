/**
 * A ticket's printable work order as a PDF (issue 27, ADR 0041). Who may have it, and what it shows, are the ticket
 * details' own rules, asked here and written nowhere else:
 *
 * - the ticket as `loadTicket` answers it for the viewer (its scope: 404 outside it, as for the details; every field
 *   it withholds — costs for a tenant, other contractors' estimates, a decline's reason — is withheld here too);
 * - its conversation as `listComments` pages it for the viewer (a contractor never gets a staff-only comment, a tenant
 *   only those for everyone), every page of it;
 * - its photos as `findTicketFile` finds them for the viewer, read from the app's storage (local folder or bucket).
 */
import {
  type ApiTicketComment,
  type PaperSize,
  paperForCountry,
  type Words,
  workOrderFileName,
} from '@mend/shared';
import sharp from 'sharp';
import type { ServiceContext } from '../../lib/context';
import type { FileStorage } from '../../lib/storage';
import { listComments } from '../comments/service';
import { findTicketFile, loadTicket, type Viewer } from '../tickets/service';
import { renderWorkOrder, type WorkOrder, type WorkOrderPhoto } from './pdf';

/** Comments read per statement: a long thread in a few round trips (the screen's pages are smaller). */
const COMMENTS_PER_READ = 200;

/** Longest side of a photo in the PDF: about 200 dpi across a page's width, a few hundred KB each. */
const PHOTO_PIXELS = 1200;

/** Every comment the viewer may read, oldest first: the thread's pages, walked back from the newest. */
async function wholeThread(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  now: Date,
): Promise<ApiTicketComment[]> {
  const comments: ApiTicketComment[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await listComments(ctx.db, viewer, ticketId, { limit: COMMENTS_PER_READ, before }, now);
    comments.unshift(...page.data);
    if (!page.has_earlier || page.data.length === 0) return comments;
    before = page.data[0].id;
  }
}

async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A stored picture as the PDF embeds it: a JPEG (pdfkit reads JPEG and PNG only; a GIF's first frame, a PNG's
 * transparency on white), at most PHOTO_PIXELS on its longest side, with its size to lay it out. Null when it cannot
 * be read: the work order names it instead of failing.
 */
async function printablePhoto(data: Buffer): Promise<{ data: Buffer; width: number; height: number } | null> {
  try {
    const { data: jpeg, info } = await sharp(data, { animated: false, limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PHOTO_PIXELS, PHOTO_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data: jpeg, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

async function photosOf(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  files: { id: number; name: string; is_image: boolean }[],
): Promise<WorkOrderPhoto[]> {
  const photos: WorkOrderPhoto[] = [];
  for (const file of files) {
    if (!file.is_image) {
      photos.push({ name: file.name, image: null, isImage: false });
      continue;
    }
    const found = await findTicketFile(ctx.db, viewer, ticketId, file.id, false);
    const data = await readAll(ctx.storage, found.key);
    photos.push({ name: file.name, image: data && (await printablePhoto(data)), isImage: true });
  }
  return photos;
}

/**
 * GET tickets/{id}/work-order.pdf: the ticket's work order as the viewer may read it, on `paper` (when not asked for,
 * the paper of the property's country: Letter in North America, A4 elsewhere), in `words`: its pages' language.
 */
export async function workOrderPdf(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  paper: PaperSize | undefined,
  now: Date,
  words: Words,
): Promise<{ pdf: Buffer; fileName: string }> {
  // First: outside the viewer's scope this is the details' own 404, before anything else is read.
  const ticket = await loadTicket(ctx.db, viewer, ticketId, now);
  const [comments, photos] = await Promise.all([
    wholeThread(ctx, viewer, ticketId, now),
    photosOf(ctx, viewer, ticketId, ticket.image_files),
  ]);
  const order: WorkOrder = { ticket, comments, photos };
  const pdf = await renderWorkOrder(order, paper ?? paperForCountry(ticket.unit.country), now, words);
  return { pdf, fileName: workOrderFileName(ticket.id) };
}
