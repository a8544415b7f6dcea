/**
 * /tickets/{id}/print (issue 27): a ticket's work order on its own page, without the app's navigation, made for
 * paper (WorkOrderSheet, work-order.module.css) and readable on a phone. `?print=1` (the details' "Print work order")
 * opens the print dialog once, when the ticket, its conversation and its photos have loaded.
 */
import { Anchor, Button, Center, Loader, Text } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/records';
import { format, t } from '../../../lib/translations';
import { WorkOrderSheet } from './WorkOrderSheet';
import classes from './work-order.module.css';
import { useWorkOrder } from './work-order-data';

const W = t.workOrders;

/** Every picture of `root` loaded (or failed), so the dialog prints them and not their empty boxes. */
function picturesLoaded(root: HTMLElement): Promise<unknown> {
  return Promise.all(
    [...root.querySelectorAll('img')].map((img) =>
      img.complete ? null : img.decode().catch(() => undefined),
    ),
  );
}

export default function TicketPrintPage() {
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const { ticket, thread } = useWorkOrder(id);
  const sheet = useRef<HTMLDivElement>(null);
  const printed = useRef(false);
  const ready = ticket.data !== undefined && thread.data !== undefined;

  useEffect(() => {
    if (ticket.data) document.title = format(W.heading, { id: ticket.data.visible_id });
  }, [ticket.data]);

  useEffect(() => {
    if (!ready || printed.current || search.get('print') !== '1' || !sheet.current) return;
    printed.current = true;
    void picturesLoaded(sheet.current).then(() => window.print());
  }, [ready, search]);

  const error = ticket.error ?? thread.error;
  return (
    <main className={classes.page}>
      <div className={classes.toolbar}>
        <Anchor component={Link} to={`/tickets/${id}`} size="sm" className={classes.back}>
          <IconArrowLeft size={16} aria-hidden />
          {W.back}
        </Anchor>
        <Button
          size="xs"
          leftSection={<IconPrinter size={16} aria-hidden />}
          disabled={!ready}
          onClick={() => window.print()}
        >
          {W.printNow}
        </Button>
      </div>
      <div ref={sheet}>
        {ready ? (
          <WorkOrderSheet ticket={ticket.data} comments={thread.data} />
        ) : error ? (
          <Text c="red.9" role="alert">
            {errorMessage(error)}
          </Text>
        ) : (
          <Center mih="40vh" role="status">
            <Loader role="progressbar" aria-label={W.loading} />
          </Center>
        )}
      </div>
    </main>
  );
}
