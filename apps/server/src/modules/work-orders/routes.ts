/**
 * The printable work order of a ticket (issue 27, ADR 0041): `GET tickets/{id}/work-order.pdf?paper=a4|letter`, for
 * whoever may read the ticket's details, showing what the details show that viewer (service.ts).
 *
 * `paper` follows the route contracts' rule for queries (ADR 0027): an unreadable value is "not given", here the
 * paper of the property's country. `A4` and `Letter` are read in any case.
 */
import { PAPER_SIZES, pageLanguage, wordsOf } from '@mend/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import { viewerOf } from '../tickets/service';
import { workOrderPdf } from './service';

export const workOrderQuery = z.object({
  paper: z.string().trim().toLowerCase().pipe(z.enum(PAPER_SIZES)).optional().catch(undefined).meta({
    description:
      "The paper: `a4` (595.28 × 841.89 pt) or `letter` (612 × 792 pt); by default the paper of the property's country (Letter in North America, A4 elsewhere)",
  }),
});

/** The answer: the PDF's bytes, as an attachment (documented under `application/pdf`, as the CSV exports are). */
const pdfBytes = () => z.string().meta({ description: "The ticket's work order, a PDF document" });
const pdfAnswer = Object.assign(pdfBytes(), { content: { 'application/pdf': { schema: pdfBytes() } } });

export function workOrderRoutes(app: FastifyInstance, clock: () => Date = () => new Date()): void {
  defineRoutes(app, 'Tickets', [
    route({
      method: 'GET',
      url: '/tickets/:id/work-order.pdf',
      summary: "A ticket's work order as a PDF (A4 or Letter), as the user may read the ticket",
      params: idParams,
      query: workOrderQuery,
      answers: { 200: pdfAnswer },
      handler: async (request, reply, signedIn) => {
        const { params, query } = signedIn;
        // In the language of the user's pages: its choice, else its browser's.
        const language = pageLanguage(signedIn.user.language, request.headers['accept-language']);
        const { pdf, fileName } = await workOrderPdf(
          app,
          viewerOf(signedIn),
          params.id,
          query.paper,
          clock(),
          wordsOf(language),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    }),
  ]);
}
