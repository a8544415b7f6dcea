/**
 * The work order actions of a ticket's details (issue 27): "Print work order" opens the print view in a new tab,
 * which opens the print dialog once loaded; "Download PDF" asks which paper (the property's first: Letter in North
 * America, A4 elsewhere) and downloads the PDF the server makes. Anyone who reads the details may have both.
 */
import { Button, Group, Menu } from '@mantine/core';
import {
  type ApiTicket,
  PAPER_SIZES,
  paperForCountry,
  workOrderFileName,
  workOrderPdfPath,
  workOrderPrintPath,
} from '@mend/shared';
import { IconChevronDown, IconDownload, IconPrinter } from '@tabler/icons-react';
import { t } from '../../../lib/translations';

const W = t.workOrders;

export function WorkOrderActions({ ticket }: { ticket: ApiTicket }) {
  const preferred = paperForCountry(ticket.unit.country);
  const papers = [preferred, ...PAPER_SIZES.filter((paper) => paper !== preferred)];
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component="a"
        href={workOrderPrintPath(ticket.id, true)}
        target="_blank"
        rel="noopener"
        variant="default"
        size="xs"
        leftSection={<IconPrinter size={16} aria-hidden />}
      >
        {W.print}
      </Button>
      {/* Above the side panel, as the footer's status list is. */}
      <Menu position="bottom-start" zIndex={400}>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            {W.download}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{W.paper}</Menu.Label>
          {papers.map((paper) => (
            <Menu.Item
              key={paper}
              component="a"
              href={workOrderPdfPath(ticket.id, paper)}
              download={workOrderFileName(ticket.id)}
            >
              {W.papers[paper]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
