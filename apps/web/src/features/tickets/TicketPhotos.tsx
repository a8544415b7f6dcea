/**
 * A ticket's files (SPEC.md section 2: "image thumbnails (lightbox)"): thumbnails that open the full
 * image in a Mantine Modal with previous/next (buttons and arrow keys); PDFs open in a new tab. A comment's
 * attachments show the same way (conversation/CommentItem.tsx).
 */
import { ActionIcon, Anchor, Group, Image, Modal, Text, UnstyledButton } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { ApiTicketImage } from '@mend/shared';
import { IconChevronLeft, IconChevronRight, IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { format, t } from '../../lib/translations';
import classes from './tickets.module.css';

const S = t.ticketScreens;

/** What the thumbnails and the lightbox show of a file: a ticket's files, a comment's attachments. */
export type ShownFile = Pick<ApiTicketImage, 'id' | 'url' | 'thumbnail_url' | 'name' | 'is_image'>;

/** Keeps Escape from reaching the side panel's window listener (see below). */
const STOP = { 'data-mantine-stop-propagation': 'true' } as const;

export function TicketPhotos({
  files,
  label = S.photo,
}: {
  files: readonly ShownFile[];
  /** Names a file in its thumbnail and the lightbox: {index}, {count} and {name} (default "Photo {index} of {count}: {name}"). */
  label?: string;
}) {
  const images = files.filter((file) => file.is_image);
  const [open, setOpen] = useState<number | null>(null);
  const count = images.length;
  const current = open === null ? null : images[open];
  const step = (delta: number) =>
    setOpen((index) => (index === null ? null : (index + delta + count) % count));

  const close = () => setOpen(null);

  // Escape and the arrow keys while the lightbox is open (its focusable parts carry STOP, so the side
  // panel's own Escape listener leaves them alone).
  useWindowEvent('keydown', (event) => {
    if (open === null) return;
    if (event.key === 'Escape') close();
    else if (count > 1 && event.key === 'ArrowRight') step(1);
    else if (count > 1 && event.key === 'ArrowLeft') step(-1);
  });

  return (
    <>
      <ul className={classes.thumbs}>
        {files.map((file) => {
          const index = images.indexOf(file);
          const named = format(label, {
            index: files.indexOf(file) + 1,
            count: files.length,
            name: file.name,
          });
          return (
            <li key={file.id}>
              {file.is_image ? (
                <UnstyledButton className={classes.thumb} onClick={() => setOpen(index)} aria-label={named}>
                  <img src={file.thumbnail_url ?? file.url} alt="" loading="lazy" />
                </UnstyledButton>
              ) : (
                <a
                  className={`${classes.thumb} ${classes.fileThumb}`}
                  href={file.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={format(S.openFile, { name: file.name })}
                  title={file.name}
                >
                  <IconFileTypePdf size={28} aria-hidden />
                  <span>{file.name}</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {/*
        The side panel (a Drawer) closes on Escape from a window listener; marking the lightbox's focusable
        parts with data-mantine-stop-propagation keeps Escape for the lightbox alone (handled below).
      */}
      <Modal.Root
        opened={current !== null && current !== undefined}
        onClose={close}
        size="min(960px, 92vw)"
        centered
        zIndex={400}
        radius="md"
        closeOnEscape={false}
      >
        <Modal.Overlay />
        <Modal.Content {...STOP}>
          <Modal.Header>
            <Modal.Title fw={600}>
              {current && open !== null
                ? format(label, { index: open + 1, count, name: current.name })
                : null}
            </Modal.Title>
            <Modal.CloseButton {...STOP} aria-label={t.buttons.close} />
          </Modal.Header>
          <Modal.Body className={classes.lightboxBody}>
            {current ? (
              <>
                <div className={classes.lightboxStage}>
                  {count > 1 ? <LightboxArrow direction="previous" onClick={() => step(-1)} /> : null}
                  <Image
                    src={current.url}
                    alt={current.name}
                    fit="contain"
                    className={classes.lightboxImage}
                  />
                  {count > 1 ? <LightboxArrow direction="next" onClick={() => step(1)} /> : null}
                </div>
                <Group justify="space-between" mt="sm">
                  <Text size="sm" c="dimmed">
                    {open !== null ? `${open + 1} / ${count}` : null}
                  </Text>
                  <Anchor {...STOP} href={current.url} target="_blank" rel="noopener noreferrer" size="sm">
                    <Group gap={4} component="span" wrap="nowrap">
                      {S.lightbox.openOriginal}
                      <IconExternalLink size={14} aria-hidden />
                    </Group>
                  </Anchor>
                </Group>
              </>
            ) : null}
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}

/** The lightbox's previous or next button, over the image's edge. */
function LightboxArrow({ direction, onClick }: { direction: 'previous' | 'next'; onClick: () => void }) {
  const previous = direction === 'previous';
  const Icon = previous ? IconChevronLeft : IconChevronRight;
  return (
    <ActionIcon
      {...STOP}
      className={previous ? classes.lightboxPrev : classes.lightboxNext}
      variant="white"
      color="dark"
      radius="xl"
      size={40}
      onClick={onClick}
      aria-label={S.lightbox[direction]}
    >
      <Icon size={22} aria-hidden />
    </ActionIcon>
  );
}
