/** The ticket list's table (TicketsPage): its first page is also fetched ahead when the app opens on it. */
import type { ListSource } from '../../components/table/list-query';

export const TICKET_LIST: ListSource = {
  resource: 'tickets',
  url: 'tickets',
  defaultSort: { id: 'created_at', desc: true },
};
