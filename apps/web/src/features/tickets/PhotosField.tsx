/**
 * The photos of the ticket form (SPEC.md sections 5 and 9): up to 5 files of at most 1 MB (jpeg, png,
 * gif, pdf), checked in the browser with the shared rules; on edit the ticket's files show with a remove
 * toggle (sent as remove_images[]). New files are added to the ones already chosen.
 */
import { ActionIcon, FileButton, Input, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { ACCEPTED_UPLOAD_MIME_TYPES, type ApiTicketImage, TICKET_IMAGE_MAX_FILES } from '@mend/shared';
import { IconArrowBackUp, IconCameraPlus, IconFileTypePdf, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { format, t } from '../../app/translations';
import classes from './tickets.module.css';

const S = t.ticketScreens.form;

export interface PhotosFieldProps {
  existing: readonly ApiTicketImage[];
  removeIds: readonly number[];
  onToggleRemove: (id: number) => void;
  files: readonly File[];
  onFilesChange: (files: File[]) => void;
  error?: ReactNode;
}

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
  existing,
  removeIds,
  onToggleRemove,
  files,
  onFilesChange,
  error,
}: PhotosFieldProps) {
  const previews = usePreviews(files);
  const resetRef = useRef<() => void>(null);
  const kept = existing.length - removeIds.length;
  const full = kept + files.length >= TICKET_IMAGE_MAX_FILES;

  return (
    <Input.Wrapper label={S.photos} description={t.validation.imagesHint} error={error}>
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
                  onClick={() => onToggleRemove(image.id)}
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
              aria-label={format(S.removePhoto, { name: file.name })}
              onClick={() => onFilesChange(files.filter((_, i) => i !== index))}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </li>
        ))}
        {!full ? (
          <li>
            <FileButton
              multiple
              accept={ACCEPTED_UPLOAD_MIME_TYPES.join(',')}
              resetRef={resetRef}
              inputProps={{ 'aria-label': S.photosPlaceholder, name: 'images' } as object}
              onChange={(chosen) => {
                onFilesChange([...files, ...chosen]);
                resetRef.current?.();
              }}
            >
              {(props) => (
                <UnstyledButton {...props} className={`${classes.thumb} ${classes.addThumb}`}>
                  <IconCameraPlus size={22} aria-hidden />
                  <Text size="xs" fw={600} component="span">
                    {S.photosPlaceholder}
                  </Text>
                </UnstyledButton>
              )}
            </FileButton>
          </li>
        ) : null}
      </ul>
    </Input.Wrapper>
  );
}

function Thumb({ url, name }: { url: string | null; name: string }) {
  return (
    <span className={classes.thumb} title={name}>
      {url ? (
        <img src={url} alt={name} />
      ) : (
        <span className={classes.fileThumb}>
          <IconFileTypePdf size={26} aria-hidden />
          <span>{name}</span>
        </span>
      )}
    </span>
  );
}
