/**
 * A ticket's work order laid out for paper (issue 27): the sections of the server's PDF (modules/work-orders/pdf.ts),
 * in the same words and the same order, from what the details show this viewer. Moments are the property's
 * (`workOrderMoment`), as the paper is read where the work is. work-order.module.css makes it print on A4 and Letter.
 */
import {
  type ApiTicket,
  type ApiTicketComment,
  type ApiTicketCosts,
  formatPhoneDisplay,
  priorityText,
  statusText,
  timeZoneLabel,
  workOrderMoment,
} from '@mend/shared';
import type { ReactNode } from 'react';
import { format, locale, money, t } from '../../../lib/translations';
import { ticketUnitName } from '../ticket-place';
import { windowText } from '../visits/visit-rules';
import classes from './work-order.module.css';

const W = t.workOrders;
const F = t.ticketScreens.fields;
const C = t.screens.comments;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-label={title}>
      <h2 className={classes.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

/** Label and value pairs; empty values are left out. */
function Fields({ pairs }: { pairs: [string, string | null | undefined][] }) {
  const shown = pairs.filter((pair): pair is [string, string] => Boolean(pair[1]));
  if (shown.length === 0) return null;
  return (
    <dl className={classes.fields}>
      {shown.map(([label, value]) => (
        <div key={label} className={classes.field}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Header({ ticket, zone }: { ticket: ApiTicket; zone: string }) {
  return (
    <header className={classes.header}>
      <h1 className={classes.heading}>{format(W.heading, { id: ticket.visible_id })}</h1>
      <p className={classes.title}>{ticket.title}</p>
      <Fields
        pairs={[
          [F.status, statusText(ticket.status, t)],
          [F.priority, priorityText(ticket.priority, t)],
          [F.category, ticket.categories[0]?.title],
          [F.created, workOrderMoment(ticket.created_at_timestamp, zone, locale)],
          [F.closed, ticket.closed_at && workOrderMoment(Date.parse(ticket.closed_at) / 1000, zone, locale)],
        ]}
      />
    </header>
  );
}

function Place({ ticket }: { ticket: ApiTicket }) {
  const { unit } = ticket;
  return (
    <Section title={W.sections.address}>
      <Fields
        pairs={[
          [W.fields.property, ticket.property_name],
          [F.unit, ticketUnitName(ticket)],
          [F.address, unit.address],
          [F.city, [unit.city, unit.province].filter(Boolean).join(', ')],
          [F.postalCode, unit.postal_code],
        ]}
      />
      {unit.gmaps_url ? <p className={classes.dim}>{unit.gmaps_url}</p> : null}
    </Section>
  );
}

function Access({ ticket }: { ticket: ApiTicket }) {
  const contact = ticket.contact_details;
  return (
    <Section title={W.sections.access}>
      <Fields
        pairs={[
          [W.fields.tenant, ticket.tenant_name],
          [F.name, `${contact.first_name} ${contact.last_name}`.trim()],
          [F.phone, contact.phone_number && formatPhoneDisplay(contact.phone_number)],
          [F.email, contact.email],
          ...Object.entries(ticket.meta ?? {}),
        ]}
      />
    </Section>
  );
}

function Availability({ ticket, zone }: { ticket: ApiTicket; zone: string }) {
  return (
    <Section title={W.sections.availability}>
      {ticket.availability_ranges.length === 0 ? (
        <p className={classes.text}>{t.ticketScreens.noAvailability}</p>
      ) : (
        <>
          <ul className={classes.plainList}>
            {ticket.availability_ranges.map((range) => {
              const text = windowText(range);
              return <li key={text}>{text}</li>;
            })}
          </ul>
          <p className={classes.dim}>{format(t.ticketScreens.timeZone, { zone: timeZoneLabel(zone) })}</p>
        </>
      )}
    </Section>
  );
}

function Visit({ ticket }: { ticket: ApiTicket }) {
  const contractor = ticket.assignment?.name ?? ticket.visit?.contractor?.name;
  return (
    <Section title={W.sections.visit}>
      <Fields
        pairs={[
          [W.fields.when, ticket.visit && windowText(ticket.visit.range)],
          [W.fields.state, ticket.visit && t.ticketScreens.visit.states[ticket.visit.state]],
          [W.fields.contractor, contractor],
        ]}
      />
      {ticket.visit ? null : <p className={classes.text}>{t.ticketScreens.visit.nobody}</p>}
    </Section>
  );
}

function Photos({ ticket }: { ticket: ApiTicket }) {
  const files = ticket.image_files;
  return (
    <Section title={W.sections.photos}>
      {files.length === 0 ? <p className={classes.text}>{W.noPhotos}</p> : null}
      <div className={classes.photos}>
        {files.map((file) =>
          file.is_image ? (
            <figure key={file.id} className={classes.photo}>
              <img src={file.url} alt={file.name} />
              <figcaption className={classes.dim}>{file.name}</figcaption>
            </figure>
          ) : (
            <p key={file.id} className={classes.dim}>
              {format(W.fileNotShown, { name: file.name })}
            </p>
          ),
        )}
      </div>
    </Section>
  );
}

function Conversation({ comments, zone }: { comments: ApiTicketComment[]; zone: string }) {
  return (
    <Section title={W.sections.conversation}>
      {comments.length === 0 ? <p className={classes.text}>{C.empty}</p> : null}
      {comments.map((comment) => {
        const names = comment.attachments.map((file, index) => file.original_name ?? String(index + 1));
        return (
          <article key={comment.id} className={classes.comment}>
            <p className={classes.commentHead}>
              {format(W.commentBy, {
                name: comment.author?.name ?? C.deletedUser,
                time: workOrderMoment(comment.created_at_timestamp, zone, locale),
                visibility: C.visibilities[comment.visibility],
              })}
            </p>
            <p className={classes.text}>{comment.body}</p>
            {names.length > 0 ? (
              <p className={classes.dim}>{format(W.attachments, { names: names.join(', ') })}</p>
            ) : null}
          </article>
        );
      })}
    </Section>
  );
}

function AmountLine({ text, amount, strong }: { text: string; amount: string; strong?: boolean }) {
  return (
    <div className={strong ? `${classes.amountLine} ${classes.strong}` : classes.amountLine}>
      <span>{text}</span>
      <span className={classes.amount}>{amount}</span>
    </div>
  );
}

function Costs({ costs }: { costs: ApiTicketCosts }) {
  const S = t.costScreens;
  return (
    <Section title={W.sections.costs}>
      {costs.items.length === 0 ? <p className={classes.text}>{S.none}</p> : null}
      {costs.items.map((cost) => (
        <div key={cost.id} className={classes.cost}>
          <p className={classes.strong}>
            {[
              t.costs.kinds[cost.kind],
              t.costs.states[cost.state],
              cost.contractor && format(S.sentBy, { name: cost.contractor.name }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {cost.lines.map((line, index) => (
            <AmountLine
              // Lines have no id of their own; their order is the estimate's.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              text={format(W.line, { kind: t.costs.lineKinds[line.kind], description: line.description })}
              amount={money(line.amount_cents, cost.currency)}
            />
          ))}
          <AmountLine text={S.subtotal} amount={money(cost.subtotal_cents, cost.currency)} />
          <AmountLine text={S.tax} amount={money(cost.tax_cents, cost.currency)} />
          <AmountLine text={S.total} amount={money(cost.total_cents, cost.currency)} strong />
          {cost.note ? <p className={classes.dim}>{`${S.note}: ${cost.note}`}</p> : null}
        </div>
      ))}
    </Section>
  );
}

/** The whole work order. Costs only for whom the details show them (`costs` is null for the others). */
export function WorkOrderSheet({ ticket, comments }: { ticket: ApiTicket; comments: ApiTicketComment[] }) {
  const zone = ticket.availability_time_zone;
  return (
    <article className={classes.sheet} aria-label={format(W.heading, { id: ticket.visible_id })}>
      <Header ticket={ticket} zone={zone} />
      <Section title={W.sections.problem}>
        <p className={classes.text}>{ticket.description}</p>
      </Section>
      <Place ticket={ticket} />
      <Access ticket={ticket} />
      <Availability ticket={ticket} zone={zone} />
      <Visit ticket={ticket} />
      <Photos ticket={ticket} />
      <Conversation comments={comments} zone={zone} />
      {ticket.costs ? <Costs costs={ticket.costs} /> : null}
    </article>
  );
}
