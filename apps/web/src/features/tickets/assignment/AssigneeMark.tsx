/**
 * A ticket's assigned contractor in the lists (issue 25): its name, and a small tag with its state while it has
 * not accepted (waiting, declined). Plain elements, as the list's other cells (TicketColumns.tsx).
 */
import { type ApiTicketAssignee, assignmentStateText } from '@mend/shared';
import { labelled } from '../../../components/table/ListCard';
import { t } from '../../../lib/translations';
import classes from './assignment.module.css';
import { listsState } from './assignment-rules';

export function AssigneeMark({
  assignee,
  inCard = false,
}: {
  assignee: ApiTicketAssignee | null;
  /** On a phone's card, where no column header names it ("Assigned to: Sam Reyes"). */
  inCard?: boolean;
}) {
  if (!assignee)
    return (
      <span className={classes.assignee} data-empty>
        {t.screens.empty}
      </span>
    );
  const name = inCard ? labelled(t.ticketScreens.columns.assignedTo, assignee.name) : assignee.name;
  return (
    <span
      className={classes.assignee}
      data-in={inCard ? 'card' : undefined}
      data-assignee={assignee.id}
      title={assignee.name}
    >
      <span className={classes.assigneeName}>{name}</span>
      {listsState(assignee.state) ? (
        <span className={classes.state} data-state={assignee.state}>
          {assignmentStateText(assignee.state, t)}
        </span>
      ) : null}
    </span>
  );
}
