/** The tiles of the photos field (PhotosField.tsx): a file as a thumbnail, and the buttons that add files. */
import { FileButton, Text, UnstyledButton } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import classes from './tickets.module.css';

/**
 * A tile that opens the file picker (or, with `capture`, the camera). It is reset after each choice, so
 * that choosing the same file again is seen.
 */
export function AddPhotosButton({
  label,
  icon,
  accept,
  capture,
  multiple = false,
  name,
  onChosen,
}: {
  label: string;
  icon: ReactNode;
  accept: string;
  capture?: 'environment';
  multiple?: boolean;
  name?: string;
  onChosen: (files: File[]) => void;
}) {
  const resetRef = useRef<() => void>(null);
  return (
    <li>
      <FileButton
        multiple={multiple}
        accept={accept}
        capture={capture}
        resetRef={resetRef}
        inputProps={{ 'aria-label': label, name } as object}
        onChange={(chosen) => {
          onChosen(Array.isArray(chosen) ? chosen : chosen ? [chosen] : []);
          resetRef.current?.();
        }}
      >
        {(props) => (
          <UnstyledButton {...props} className={`${classes.thumb} ${classes.addThumb}`}>
            {icon}
            <Text size="xs" fw={600} component="span">
              {label}
            </Text>
          </UnstyledButton>
        )}
      </FileButton>
    </li>
  );
}

/** A chosen or kept file: its picture, or for a PDF its icon and name. */
export function Thumb({ url, name }: { url: string | null; name: string }) {
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
