/**
 * The photos of the ticket form (SPEC.md sections 5 and 9): up to 5 files of at most 1 MB (jpeg, png,
 * gif, pdf), checked in the browser with the shared rules; on edit the ticket's files show with a remove
 * toggle (sent as remove_images[]). New files are added to the ones already chosen, a photo too heavy to
 * upload first scaled down in the browser (preparePhoto: a phone camera's photo weighs several MB). On
 * phones a second button opens the camera. A comment's attachments use the same field (no stored files, its
 * own label, limit and field name: conversation/CommentComposer.tsx).
 */
import { ActionIcon, Input, Loader, Tooltip } from '@mantine/core';
import { ACCEPTED_UPLOAD_MIME_TYPES, type ApiTicketImage, TICKET_IMAGE_MAX_FILES } from '@mend/shared';
import { IconArrowBackUp, IconCamera, IconCameraPlus, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { usePhoneLayout } from '../../components/usePhoneLayout';
import { format, t } from '../../lib/translations';
import { AddPhotosButton, Thumb } from './PhotoTiles';
import { preparePhoto } from './photo-prep';
import classes from './tickets.module.css';

const S = t.ticketScreens.form;

export interface PhotosFieldProps {
  /** The stored files (a ticket's, on edit); none by default. */
  existing?: readonly ApiTicketImage[];
  removeIds?: readonly number[];
  onToggleRemove?: (id: number) => void;
  files: readonly File[];
  onFilesChange: (files: File[]) => void;
  /** True while chosen photos are being prepared (they are not in `files` yet): the form waits. */
  onPreparingChange?: (preparing: boolean) => void;
  error?: ReactNode;
  /** The field's label (default "Photos") and its hint (default the ticket images' limits). */
  label?: ReactNode;
  description?: ReactNode;
  /** The most files, stored and new (default TICKET_IMAGE_MAX_FILES), and the file input's name. */
  max?: number;
  name?: string;
  /** The remove button's name of a new file (default "Remove {name}"). */
  removeLabel?: (file: File, index: number) => string;
}

const NO_FILES: readonly ApiTicketImage[] = [];
const NO_IDS: readonly number[] = [];

/** Object URLs of the chosen images, revoked when they change. */
function usePreviews(files: readonly File[]): (string | null)[] {
  const urls = useMemo(
    () => files.map((file) => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null)),
    [files],
  );
  useEffect(
    () => () => {
      for (const url of urls) if (url) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

export function PhotosField({
  existing = NO_FILES,
  removeIds = NO_IDS,
  onToggleRemove,
  files,
  onFilesChange,
  onPreparingChange,
  error,
  label = S.photos,
  description = t.validation.imagesHint,
  max = TICKET_IMAGE_MAX_FILES,
  name = 'images',
  removeLabel = (file) => format(S.removePhoto, { name: file.name }),
}: PhotosFieldProps) {
  const phone = usePhoneLayout();
  const previews = usePreviews(files);
  const [preparing, setPreparing] = useState(0);
  const kept = existing.length - removeIds.length;
  const full = kept + files.length + preparing >= max;

  // Photos are added when they are ready, to the files chosen by then (one may have been removed meanwhile),
  // unless the form has closed meanwhile.
  const latest = useRef({ files, onFilesChange, mounted: true });
  useLayoutEffect(() => {
    latest.current = { files, onFilesChange, mounted: true };
  });
  useEffect(
    () => () => {
      latest.current.mounted = false;
    },
    [],
  );
  const busy = preparing > 0;
  useEffect(() => onPreparingChange?.(busy), [busy, onPreparingChange]);

  async function add(chosen: File[]) {
    if (chosen.length === 0) return;
    setPreparing((count) => count + chosen.length);
    const ready = await Promise.all(chosen.map(preparePhoto));
    if (!latest.current.mounted) return;
    setPreparing((count) => count - chosen.length);
    latest.current.onFilesChange([...latest.current.files, ...ready]);
  }

  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <ul className={classes.thumbs} style={{ marginTop: 8 }}>
        {existing.map((image) => {
          const removed = removeIds.includes(image.id);
          return (
            <li
              key={`existing-${image.id}`}
              className={classes.editThumb}
              data-removed={removed || undefined}
            >
              <Thumb url={image.thumbnail_url ?? (image.is_image ? image.url : null)} name={image.name} />
              {removed ? <span className={classes.removedLabel}>{S.willBeRemoved}</span> : null}
              <Tooltip label={format(S.removePhoto, { name: image.name })} withArrow>
                <ActionIcon
                  className={classes.thumbAction}
                  size="sm"
                  radius="xl"
                  variant={removed ? 'filled' : 'white'}
                  color={removed ? 'mend' : 'red'}
                  aria-pressed={removed}
                  aria-label={format(S.removePhoto, { name: image.name })}
                  onClick={() => onToggleRemove?.(image.id)}
                >
                  {removed ? <IconArrowBackUp size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            </li>
          );
        })}
        {files.map((file, index) => (
          <li key={`new-${file.name}-${file.size}-${file.lastModified}`} className={classes.editThumb}>
            <Thumb url={previews[index] ?? null} name={file.name} />
            <span className={classes.newLabel}>{S.newPhoto}</span>
            <ActionIcon
              className={classes.thumbAction}
              size="sm"
              radius="xl"
              variant="white"
              color="red"
              aria-label={removeLabel(file, index)}
              onClick={() => onFilesChange(files.filter((_, i) => i !== index))}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </li>
        ))}
        {Array.from({ length: preparing }, (_, index) => (
          // Placeholders without identity of their own: only their number changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={`preparing-${index}`}>
            <span className={classes.thumb} role="status">
              <Loader size="sm" role="progressbar" aria-label={S.preparingPhoto} />
            </span>
          </li>
        ))}
        {!full && phone ? (
          <AddPhotosButton
            label={S.takePhoto}
            icon={<IconCamera size={22} aria-hidden />}
            accept="image/*"
            capture="environment"
            onChosen={(chosen) => void add(chosen)}
          />
        ) : null}
        {!full ? (
          <AddPhotosButton
            label={S.photosPlaceholder}
            icon={<IconCameraPlus size={22} aria-hidden />}
            accept={ACCEPTED_UPLOAD_MIME_TYPES.join(',')}
            multiple
            name={name}
            onChosen={(chosen) => void add(chosen)}
          />
        ) : null}
      </ul>
    </Input.Wrapper>
  );
}
