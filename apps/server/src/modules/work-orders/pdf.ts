/**
 * A work order laid out as a PDF by pdfkit (ADR 0041): the sections of the print view (apps/web
 * features/work-orders), in the same words (`en.workOrders`, the details' own labels), on A4 or Letter.
 *
 * Text flows: pdfkit wraps each paragraph to the page's width (a word longer than a line is cut, never clipped) and
 * starts a new page when one is full; a heading, a comment's heading or a cost line is moved to the next page rather
 * than left alone at the bottom of one. Photos are scaled to fit the width and at most half a page, and never split.
 * Every page gets a footer (the work order, when it was printed, page n of m) once the content is laid out.
 *
 * The font is DejaVu Sans, embedded (only the glyphs used): the PDF standard fonts cover Windows-1252 only, and a
 * tenant's name in Greek or Cyrillic, or a ✓ in a comment, would print as garbage. Scripts DejaVu lacks (CJK, emoji)
 * print as blanks; the browser's print view prints them with the device's fonts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type ApiTicket,
  type ApiTicketComment,
  type ApiTicketCosts,
  en,
  format,
  formatPhoneDisplay,
  moneyText,
  PAPER_POINTS,
  type PaperSize,
  timeZoneLabel,
  workOrderMoment,
} from '@mend/shared';
import PDFDocument from 'pdfkit';

export interface WorkOrderPhoto {
  name: string;
  /** A JPEG and its size; null when the file is not a picture (`isImage` false) or could not be read. */
  image: { data: Buffer; width: number; height: number } | null;
  isImage: boolean;
}

/** What a work order shows: the ticket, its conversation and its photos, each as the viewer may see them. */
export interface WorkOrder {
  ticket: ApiTicket;
  comments: ApiTicketComment[];
  photos: WorkOrderPhoto[];
}

const W = en.workOrders;
const F = en.ticketScreens.fields;
const C = en.screens.comments;

const REGULAR = 'regular';
const BOLD = 'bold';
const TEXT = '#1a1b1e';
const DIM = '#5c5f66';
const RULE = '#ced4da';
/** Half an inch beside the text, three quarters above and below (the footer sits in the bottom one). */
const MARGINS = { top: 54, bottom: 54, left: 50, right: 50 };
const SIZE = { heading: 18, title: 13, section: 12, body: 10, small: 8.5 };
/** The width of a cost line's amount column. */
const AMOUNT_WIDTH = 90;

/** The font files, read once (about 1.4 MB; each PDF embeds only the glyphs it uses). */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function fontFiles(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    fonts = {
      regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
      bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    };
  }
  return fonts;
}

/** Writes the sections onto a document; each method leaves the cursor at the left margin, under what it wrote. */
class Writer {
  readonly left = MARGINS.left;
  readonly width: number;

  constructor(readonly doc: PDFKit.PDFDocument) {
    this.width = doc.page.width - MARGINS.left - MARGINS.right;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** A new page unless `height` points still fit on this one. */
  keep(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  style(font: typeof REGULAR | typeof BOLD, size: number, color = TEXT): PDFKit.PDFDocument {
    return this.doc.font(font).fontSize(size).fillColor(color);
  }

  paragraph(text: string, size = SIZE.body, color = TEXT): void {
    this.style(REGULAR, size, color).text(text, this.left, this.doc.y, { width: this.width });
  }

  section(title: string): void {
    // A heading with at least two lines under it, or on the next page.
    this.keep(SIZE.section * 2 + SIZE.body * 3);
    this.doc.moveDown(0.9);
    this.style(BOLD, SIZE.section).text(title, this.left, this.doc.y, { width: this.width });
    const y = this.doc.y + 2;
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    this.doc.y = y + 5;
  }

  /** "Label: value" lines; empty values are left out. */
  fields(pairs: [string, string | null | undefined][]): void {
    for (const [label, value] of pairs) {
      if (!value) continue;
      this.style(BOLD, SIZE.body).text(`${label}: `, this.left, this.doc.y, {
        width: this.width,
        continued: true,
      });
      this.style(REGULAR, SIZE.body).text(value);
    }
  }

  /** A line with an amount at the right, both on the same page. */
  amountLine(text: string, amount: string, bold = false): void {
    const textWidth = this.width - AMOUNT_WIDTH - 10;
    const font = bold ? BOLD : REGULAR;
    this.style(font, SIZE.body);
    this.keep(this.doc.heightOfString(text, { width: textWidth }));
    const y = this.doc.y;
    this.doc.text(amount, this.left + this.width - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
    const amountEnd = this.doc.y;
    this.doc.text(text, this.left, y, { width: textWidth });
    this.doc.x = this.left;
    this.doc.y = Math.max(this.doc.y, amountEnd);
  }

  photo(photo: WorkOrderPhoto): void {
    if (!photo.image) {
      this.paragraph(
        format(photo.isImage ? W.photoMissing : W.fileNotShown, { name: photo.name }),
        SIZE.small,
        DIM,
      );
      return;
    }
    const { data, width, height } = photo.image;
    const contentHeight = this.doc.page.height - MARGINS.top - MARGINS.bottom;
    const scale = Math.min(this.width / width, (contentHeight * 0.5) / height, 1);
    const shown = { width: width * scale, height: height * scale };
    const caption = SIZE.small * 1.6;
    this.keep(shown.height + caption);
    const y = this.doc.y;
    this.doc.image(data, this.left, y, shown);
    this.doc.y = y + shown.height + 3;
    this.paragraph(photo.name, SIZE.small, DIM);
    this.doc.moveDown(0.6);
  }
}

function header(w: Writer, ticket: ApiTicket, zone: string): void {
  w.style(BOLD, SIZE.heading).text(format(W.heading, { id: ticket.visible_id }), w.left, w.doc.y, {
    width: w.width,
  });
  w.style(BOLD, SIZE.title).text(ticket.title, { width: w.width });
  w.doc.moveDown(0.3);
  w.fields([
    [F.status, ticket.status_text],
    [F.priority, ticket.priority_text],
    [F.category, ticket.categories[0]?.title],
    [F.created, workOrderMoment(ticket.created_at_timestamp, zone)],
    [F.closed, ticket.closed_at && workOrderMoment(Date.parse(ticket.closed_at) / 1000, zone)],
  ]);
}

function problem(w: Writer, ticket: ApiTicket): void {
  w.section(W.sections.problem);
  // pdfkit keeps the description's own line breaks.
  w.paragraph(ticket.description);
}

function address(w: Writer, ticket: ApiTicket): void {
  w.section(W.sections.address);
  const { unit } = ticket;
  w.fields([
    [W.fields.property, ticket.property_name],
    [F.unit, unit.name],
    [F.address, unit.address],
    [F.city, [unit.city, unit.province].filter(Boolean).join(', ')],
    [F.postalCode, unit.postal_code],
  ]);
  if (unit.gmaps_url) {
    w.style(REGULAR, SIZE.small, DIM).text(unit.gmaps_url, w.left, w.doc.y, {
      width: w.width,
      link: unit.gmaps_url,
    });
  }
}

function access(w: Writer, ticket: ApiTicket): void {
  w.section(W.sections.access);
  const contact = ticket.contact_details;
  w.fields([
    [W.fields.tenant, ticket.tenant_name],
    [F.name, `${contact.first_name} ${contact.last_name}`.trim()],
    [F.phone, contact.phone_number && formatPhoneDisplay(contact.phone_number)],
    [F.email, contact.email],
    ...Object.entries(ticket.meta ?? {}),
  ]);
}

function availability(w: Writer, ticket: ApiTicket, zone: string): void {
  w.section(W.sections.availability);
  if (ticket.availability_strings.length === 0) {
    w.paragraph(en.ticketScreens.noAvailability);
    return;
  }
  for (const text of ticket.availability_strings) w.paragraph(text);
  w.paragraph(format(en.ticketScreens.timeZone, { zone: timeZoneLabel(zone) }), SIZE.small, DIM);
}

function visit(w: Writer, ticket: ApiTicket): void {
  w.section(W.sections.visit);
  const contractor = ticket.assignment?.name ?? ticket.visit?.contractor?.name;
  if (!ticket.visit) {
    w.fields([[W.fields.contractor, contractor]]);
    w.paragraph(en.ticketScreens.visit.nobody);
    return;
  }
  w.fields([
    [W.fields.when, ticket.visit.text],
    [W.fields.state, ticket.visit.state_text],
    [W.fields.contractor, contractor],
  ]);
}

function photos(w: Writer, list: WorkOrderPhoto[]): void {
  w.section(W.sections.photos);
  if (list.length === 0) w.paragraph(W.noPhotos);
  for (const photo of list) w.photo(photo);
}

function conversation(w: Writer, comments: ApiTicketComment[], zone: string): void {
  w.section(W.sections.conversation);
  if (comments.length === 0) w.paragraph(C.empty);
  for (const comment of comments) {
    // Its heading with the first lines of its text, or both on the next page.
    w.keep(SIZE.small * 2 + SIZE.body * 3);
    const heading = format(W.commentBy, {
      name: comment.author?.name ?? C.deletedUser,
      time: workOrderMoment(comment.created_at_timestamp, zone),
      visibility: C.visibilities[comment.visibility],
    });
    w.style(BOLD, SIZE.small, DIM).text(heading, w.left, w.doc.y, { width: w.width });
    w.paragraph(comment.body);
    const names = comment.attachments.map((file, index) => file.original_name ?? String(index + 1));
    if (names.length > 0) w.paragraph(format(W.attachments, { names: names.join(', ') }), SIZE.small, DIM);
    w.doc.moveDown(0.6);
  }
}

function costs(w: Writer, money: ApiTicketCosts): void {
  w.section(W.sections.costs);
  if (money.items.length === 0) w.paragraph(en.costScreens.none);
  for (const cost of money.items) {
    w.keep(SIZE.body * 6);
    const by = cost.contractor ? format(en.costScreens.sentBy, { name: cost.contractor.name }) : '';
    w.style(BOLD, SIZE.body).text(
      [cost.kind_text, cost.state_text, by].filter(Boolean).join(' · '),
      w.left,
      w.doc.y,
      { width: w.width },
    );
    for (const line of cost.lines)
      w.amountLine(
        format(W.line, { kind: line.kind_text, description: line.description }),
        moneyText(line.amount_cents, cost.currency),
      );
    w.amountLine(en.costScreens.subtotal, moneyText(cost.subtotal_cents, cost.currency));
    w.amountLine(en.costScreens.tax, moneyText(cost.tax_cents, cost.currency));
    w.amountLine(en.costScreens.total, cost.total_text, true);
    if (cost.note) w.paragraph(`${en.costScreens.note}: ${cost.note}`, SIZE.small, DIM);
    w.doc.moveDown(0.6);
  }
}

/** The footer of every page, written once the content is laid out (so it knows the page count). */
function footers(doc: PDFKit.PDFDocument, ticket: ApiTicket, printed: string): void {
  const range = doc.bufferedPageRange();
  const left = format(W.heading, { id: ticket.visible_id });
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Written inside the bottom margin: without it, pdfkit would start a new page for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - bottom + 18;
    const width = doc.page.width - MARGINS.left - MARGINS.right;
    const page = format(W.pageOf, { page: index - range.start + 1, pages: range.count });
    doc.font(REGULAR).fontSize(SIZE.small).fillColor(DIM);
    doc.text(`${left} · ${printed}`, MARGINS.left, y, { width: width - 80, lineBreak: false });
    doc.text(page, MARGINS.left + width - 80, y, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** The work order as a PDF on `paper`, printed at `now`. */
export function renderWorkOrder(order: WorkOrder, paper: PaperSize, now: Date): Promise<Buffer> {
  const { ticket } = order;
  const zone = ticket.availability_time_zone;
  const size = PAPER_POINTS[paper];
  const doc = new PDFDocument({
    size: [size.width, size.height],
    margins: MARGINS,
    bufferPages: true,
    info: { Title: format(W.heading, { id: ticket.visible_id }), Subject: ticket.title, Author: en.app.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const files = fontFiles();
  doc.registerFont(REGULAR, files.regular);
  doc.registerFont(BOLD, files.bold);

  const w = new Writer(doc);
  header(w, ticket, zone);
  problem(w, ticket);
  address(w, ticket);
  access(w, ticket);
  availability(w, ticket, zone);
  visit(w, ticket);
  photos(w, order.photos);
  conversation(w, order.comments, zone);
  // Only for whom the details show money (ApiTicket.costs is null for the others).
  if (ticket.costs) costs(w, ticket.costs);
  footers(doc, ticket, format(W.printedOn, { time: workOrderMoment(now.getTime() / 1000, zone) }));
  doc.end();
  return done;
}
