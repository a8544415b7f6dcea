/** A ticket's own address in the app (its details), in notifications and in messages that leave the app. */
export const ticketLink = (id: number) => `/tickets/${id}`;
