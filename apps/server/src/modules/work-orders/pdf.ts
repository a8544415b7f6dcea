/**
 * A work order laid out as a PDF by pdfkit (ADR 0041): the sections of the print view (apps/web
 * features/work-orders), in the same words (`workOrders`, the details' own labels) in the reader's language, on A4 or
 * Letter.
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
  formatPhoneDisplay,
  moneyText,
  PAPER_POINTS,
  type PaperSize,
  priorityText,
  statusText,
  timeZoneLabel,
  type Words,
  workOrderMoment,
} from '@mend/shared';
import PDFDocument from 'pdfkit';
import { availabilityText } from '../tickets/time-zones';

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

/** The work order's labels, the details' fields and the conversation's texts in a language. */
const labelsOf = (words: Words) => ({
  W: words.t.workOrders,
  F: words.t.ticketScreens.fields,
  C: words.t.screens.comments,
});

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

  constructor(
    readonly doc: PDFKit.PDFDocument,
    /** The reader's words: every label, and how its times and amounts are written. */
    readonly words: Words,
  ) {
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
      const { W } = labelsOf(this.words);
      this.paragraph(
        this.words.format(photo.isImage ? W.photoMissing : W.fileNotShown, { name: photo.name }),
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

/** A moment at the property, as the reader's language writes it. */
const momentOf = (w: Writer, seconds: number, zone: string) => workOrderMoment(seconds, zone, w.words.locale);

function header(w: Writer, ticket: ApiTicket, zone: string): void {
  const { W, F } = labelsOf(w.words);
  w.style(BOLD, SIZE.heading).text(w.words.format(W.heading, { id: ticket.visible_id }), w.left, w.doc.y, {
    width: w.width,
  });
  w.style(BOLD, SIZE.title).text(ticket.title, { width: w.width });
  w.doc.moveDown(0.3);
  w.fields([
    [F.status, statusText(ticket.status, w.words.t)],
    [F.priority, priorityText(ticket.priority, w.words.t)],
    [F.category, ticket.categories[0]?.title],
    [F.created, momentOf(w, ticket.created_at_timestamp, zone)],
    [F.closed, ticket.closed_at && momentOf(w, Date.parse(ticket.closed_at) / 1000, zone)],
  ]);
}

function problem(w: Writer, ticket: ApiTicket): void {
  w.section(labelsOf(w.words).W.sections.problem);
  // pdfkit keeps the description's own line breaks.
  w.paragraph(ticket.description);
}

function address(w: Writer, ticket: ApiTicket): void {
  const { W, F } = labelsOf(w.words);
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
  const { W, F } = labelsOf(w.words);
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
  const { t } = w.words;
  w.section(labelsOf(w.words).W.sections.availability);
  if (ticket.availability.length === 0) {
    w.paragraph(t.ticketScreens.noAvailability);
    return;
  }
  for (const range of ticket.availability) w.paragraph(availabilityText(range, zone, w.words.language));
  w.paragraph(w.words.format(t.ticketScreens.timeZone, { zone: timeZoneLabel(zone) }), SIZE.small, DIM);
}

function visit(w: Writer, ticket: ApiTicket, zone: string): void {
  const { W } = labelsOf(w.words);
  const screens = w.words.t.ticketScreens.visit;
  w.section(W.sections.visit);
  const contractor = ticket.assignment?.name ?? ticket.visit?.contractor?.name;
  if (!ticket.visit) {
    w.fields([[W.fields.contractor, contractor]]);
    w.paragraph(screens.nobody);
    return;
  }
  w.fields([
    [W.fields.when, availabilityText(ticket.visit, zone, w.words.language)],
    [W.fields.state, screens.states[ticket.visit.state]],
    [W.fields.contractor, contractor],
  ]);
}

function photos(w: Writer, list: WorkOrderPhoto[]): void {
  const { W } = labelsOf(w.words);
  w.section(W.sections.photos);
  if (list.length === 0) w.paragraph(W.noPhotos);
  for (const photo of list) w.photo(photo);
}

function conversation(w: Writer, comments: ApiTicketComment[], zone: string): void {
  const { W, C } = labelsOf(w.words);
  w.section(W.sections.conversation);
  if (comments.length === 0) w.paragraph(C.empty);
  for (const comment of comments) {
    // Its heading with the first lines of its text, or both on the next page.
    w.keep(SIZE.small * 2 + SIZE.body * 3);
    const heading = w.words.format(W.commentBy, {
      name: comment.author?.name ?? C.deletedUser,
      time: momentOf(w, comment.created_at_timestamp, zone),
      visibility: C.visibilities[comment.visibility],
    });
    w.style(BOLD, SIZE.small, DIM).text(heading, w.left, w.doc.y, { width: w.width });
    w.paragraph(comment.body);
    const names = comment.attachments.map((file, index) => file.original_name ?? String(index + 1));
    if (names.length > 0)
      w.paragraph(w.words.format(W.attachments, { names: names.join(', ') }), SIZE.small, DIM);
    w.doc.moveDown(0.6);
  }
}

function costs(w: Writer, money: ApiTicketCosts): void {
  const { t, format, language } = w.words;
  const S = t.costScreens;
  const amount = (cents: number, currency: string) => moneyText(cents, currency, language);
  w.section(labelsOf(w.words).W.sections.costs);
  if (money.items.length === 0) w.paragraph(S.none);
  for (const cost of money.items) {
    w.keep(SIZE.body * 6);
    const by = cost.contractor ? format(S.sentBy, { name: cost.contractor.name }) : '';
    w.style(BOLD, SIZE.body).text(
      [t.costs.kinds[cost.kind], t.costs.states[cost.state], by].filter(Boolean).join(' · '),
      w.left,
      w.doc.y,
      { width: w.width },
    );
    for (const line of cost.lines)
      w.amountLine(
        format(labelsOf(w.words).W.line, {
          kind: t.costs.lineKinds[line.kind],
          description: line.description,
        }),
        amount(line.amount_cents, cost.currency),
      );
    w.amountLine(S.subtotal, amount(cost.subtotal_cents, cost.currency));
    w.amountLine(S.tax, amount(cost.tax_cents, cost.currency));
    w.amountLine(S.total, amount(cost.total_cents, cost.currency), true);
    if (cost.note) w.paragraph(`${S.note}: ${cost.note}`, SIZE.small, DIM);
    w.doc.moveDown(0.6);
  }
}

/** The footer of every page, written once the content is laid out (so it knows the page count). */
function footers(w: Writer, ticket: ApiTicket, printed: string): void {
  const { doc, words } = w;
  const { W } = labelsOf(words);
  const range = doc.bufferedPageRange();
  const left = words.format(W.heading, { id: ticket.visible_id });
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Written inside the bottom margin: without it, pdfkit would start a new page for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - bottom + 18;
    const width = doc.page.width - MARGINS.left - MARGINS.right;
    const page = words.format(W.pageOf, { page: index - range.start + 1, pages: range.count });
    doc.font(REGULAR).fontSize(SIZE.small).fillColor(DIM);
    doc.text(`${left} · ${printed}`, MARGINS.left, y, { width: width - 80, lineBreak: false });
    doc.text(page, MARGINS.left + width - 80, y, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** The work order as a PDF on `paper`, printed at `now`, in `words` (the reader's language). */
export function renderWorkOrder(
  order: WorkOrder,
  paper: PaperSize,
  now: Date,
  words: Words,
): Promise<Buffer> {
  const { ticket } = order;
  const zone = ticket.availability_time_zone;
  const size = PAPER_POINTS[paper];
  const doc = new PDFDocument({
    size: [size.width, size.height],
    margins: MARGINS,
    bufferPages: true,
    info: {
      Title: words.format(words.t.workOrders.heading, { id: ticket.visible_id }),
      Subject: ticket.title,
      Author: words.t.app.name,
    },
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

  const w = new Writer(doc, words);
  header(w, ticket, zone);
  problem(w, ticket);
  address(w, ticket);
  access(w, ticket);
  availability(w, ticket, zone);
  visit(w, ticket, zone);
  photos(w, order.photos);
  conversation(w, order.comments, zone);
  // Only for whom the details show money (ApiTicket.costs is null for the others).
  if (ticket.costs) costs(w, ticket.costs);
  footers(
    w,
    ticket,
    words.format(words.t.workOrders.printedOn, { time: momentOf(w, now.getTime() / 1000, zone) }),
  );
  doc.end();
  return done;
}
