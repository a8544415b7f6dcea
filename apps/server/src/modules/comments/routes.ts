/**
 * The conversation on a ticket (issue 25): its comments, their files, posting, editing and deleting. Routes parse,
 * call the service and answer; the rules live in service.ts. `clock` is the app's clock (tests move it).
 */
import { COMMENT_MAX_FILES, commentEditSchema, commentSchema } from '@mend/shared';
import { messageResponseSchema } from '@mend/shared/responses/common';
import { apiTicketCommentListSchema, apiTicketCommentResponseSchema } from '@mend/shared/responses/tickets';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, recordIdParam } from '../../lib/contracts';
import { privateFileAnswer, sendPrivateFile } from '../../lib/private-files';
import { defineRoutes, route } from '../../lib/routes';
import { viewerOf } from '../tickets/service';
import {
  commentPageQuery,
  deleteComment,
  findCommentFile,
  listComments,
  postComment,
  updateComment,
} from './service';

const commentParams = z.object({ id: recordIdParam, commentId: recordIdParam });
const attachmentParams = commentParams.extend({ attachmentId: recordIdParam });

/** The comment form as the reference shows it: the fields, and the files beside them. */
const postBody = commentSchema.extend({
  attachments: z
    .array(z.string().meta({ format: 'binary' }))
    .max(COMMENT_MAX_FILES)
    .optional()
    .meta({
      description: 'Up to 5 images or PDFs (`attachments[]`), checked and stored as ticket images are',
    }),
});

/** A comment's files: private to the users who may read the comment. */
function fileRoute(app: FastifyInstance, thumbnail: boolean) {
  const url = '/tickets/:id/comments/:commentId/attachments/:attachmentId';
  return route({
    method: 'GET',
    url: thumbnail ? `${url}/thumbnail` : url,
    summary: thumbnail ? "A comment image's thumbnail" : 'A file of a comment',
    params: attachmentParams,
    answers: { 200: privateFileAnswer },
    handler: async (_request, reply, signedIn) => {
      const { params } = signedIn;
      const ids = { ticketId: params.id, commentId: params.commentId, fileId: params.attachmentId };
      const file = await findCommentFile(app.db, viewerOf(signedIn), ids, thumbnail);
      return sendPrivateFile(app.storage, reply, file);
    },
  });
}

export function commentRoutes(app: FastifyInstance, clock: () => Date = () => new Date()): void {
  defineRoutes(app, 'Comments', [
    route({
      method: 'GET',
      url: '/tickets/:id/comments',
      reusesSession: true,
      summary: 'A page of the comments of a ticket the user may read: the newest, oldest first',
      params: idParams,
      query: commentPageQuery,
      answers: { 200: apiTicketCommentListSchema },
      handler: async (_request, _reply, signedIn) =>
        listComments(app.db, viewerOf(signedIn), signedIn.params.id, signedIn.query, clock()),
    }),
    route({
      method: 'POST',
      url: '/tickets/:id/comments',
      summary: 'Comment on a ticket (with up to 5 files)',
      params: idParams,
      body: postBody,
      answers: { 201: apiTicketCommentResponseSchema },
      handler: async (request, reply, signedIn) => {
        const posted = await postComment(
          app,
          viewerOf(signedIn),
          signedIn.params.id,
          request.body,
          request.uploads,
          clock(),
        );
        reply.code(201);
        return posted;
      },
    }),
    route({
      method: 'PATCH',
      url: '/tickets/:id/comments/:commentId',
      summary: 'Edit a comment (its author, within 15 minutes of posting it)',
      params: commentParams,
      body: commentEditSchema,
      answers: { 200: apiTicketCommentResponseSchema },
      handler: async (request, _reply, signedIn) => {
        const { id, commentId } = signedIn.params;
        return updateComment(app, viewerOf(signedIn), id, commentId, request.body, clock());
      },
    }),
    route({
      method: 'DELETE',
      url: '/tickets/:id/comments/:commentId',
      summary: 'Delete a comment (its author within 15 minutes, or staff)',
      params: commentParams,
      answers: { 200: messageResponseSchema },
      handler: async (_request, _reply, signedIn) => {
        const { id, commentId } = signedIn.params;
        return deleteComment(app, viewerOf(signedIn), id, commentId, clock());
      },
    }),
    fileRoute(app, false),
    fileRoute(app, true),
  ]);
}
