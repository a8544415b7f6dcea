/** Schedules of recurring work (issue 26): list, read, create, update, delete, pause, resume. Rules in service.ts. */
import { SCHEDULE_STATES, scheduleSchema } from '@mend/shared';
import { listResponseSchema, messageResponseSchema } from '@mend/shared/responses/common';
import { apiScheduleSchema } from '@mend/shared/responses/schedules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, listQueryWith, optionalIdFilter } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  pauseSchedule,
  resumeSchedule,
  updateSchedule,
} from './service';

/** `?state=`: running or paused schedules; anything else is both. */
const stateFilter = z.enum(SCHEDULE_STATES).optional().catch(undefined);

export function scheduleRoutes(app: FastifyInstance, now: () => Date = () => new Date()): void {
  defineRoutes(app, 'Schedules', [
    route({
      method: 'GET',
      url: '/schedules',
      reusesSession: true,
      summary: 'A page of the schedules of recurring work',
      query: listQueryWith({ property_id: optionalIdFilter, state: stateFilter }),
      answers: { 200: listResponseSchema(apiScheduleSchema) },
      handler: async (_request, _reply, { actor, query }) =>
        listSchedules(app.db, actor, query, { propertyId: query.property_id, state: query.state }),
    }),
    route({
      method: 'POST',
      url: '/schedules',
      summary: 'Create a schedule',
      body: scheduleSchema,
      answers: { 201: apiScheduleSchema },
      handler: async (request, reply, { actor }) => {
        reply.code(201);
        return createSchedule(app, actor, request.body, now());
      },
    }),
    route({
      method: 'GET',
      url: '/schedules/:id',
      reusesSession: true,
      summary: 'A schedule, its coming dates and the last tickets it created',
      params: idParams,
      answers: { 200: apiScheduleSchema },
      handler: async (_request, _reply, { actor, params }) => getSchedule(app.db, actor, params.id),
    }),
    route({
      method: 'PATCH',
      url: '/schedules/:id',
      summary: 'Update a schedule',
      params: idParams,
      body: scheduleSchema,
      answers: { 200: apiScheduleSchema },
      handler: async (request, _reply, { actor, params }) =>
        updateSchedule(app, actor, params.id, request.body, now()),
    }),
    route({
      method: 'DELETE',
      url: '/schedules/:id',
      summary: 'Delete a schedule (its tickets stay)',
      params: idParams,
      answers: { 200: messageResponseSchema },
      handler: async (_request, _reply, { actor, params }) => deleteSchedule(app, actor, params.id),
    }),
    route({
      method: 'POST',
      url: '/schedules/:id/pause',
      summary: 'Pause a schedule: it creates no tickets until resumed',
      params: idParams,
      answers: { 200: apiScheduleSchema },
      handler: async (_request, _reply, { actor, params }) => pauseSchedule(app, actor, params.id, now()),
    }),
    route({
      method: 'POST',
      url: '/schedules/:id/resume',
      summary: 'Resume a schedule from today (dates missed while paused are skipped)',
      params: idParams,
      answers: { 200: apiScheduleSchema },
      handler: async (_request, _reply, { actor, params }) => resumeSchedule(app, actor, params.id, now()),
    }),
  ]);
}
