/**
 * Toasts and confirmation dialogs of the record screens (SPEC.md sections 4 and 8): toasts last
 * TOAST_MS; confirmations use @mantine/modals (its provider is in the signed-in layout).
 */
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@mend/shared';
import { format, t } from '../lib/translations';

export function toastSuccess(title: string, message?: string): void {
  notifications.show({ title, message: message ?? '', color: 'teal', autoClose: TOAST_MS, withBorder: true });
}

/** Neutral news (e.g. "Cancelled": nothing changed). */
export function toastInfo(title: string, message?: string): void {
  notifications.show({ title, message: message ?? '', color: 'gray', autoClose: TOAST_MS, withBorder: true });
}

/** Failures stay until dismissed: they usually need reading. */
export function toastError(title: string, message: string): void {
  notifications.show({ title, message, color: 'red', autoClose: false, withBorder: true });
}

export interface ConfirmOptions {
  /** The dialog's title bar (and accessible name): every question has one, never an empty bar. */
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** A destructive action: red confirm button. */
  danger?: boolean;
}

/** Opens a confirmation dialog; resolves true on confirm, false on cancel or dismiss. */
export function confirmAction({
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title,
      children: message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: { color: danger ? 'red' : undefined, 'data-autofocus': true },
      // Above the side panel (Drawer, z-index 200).
      zIndex: 400,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

/** "Are you sure you want to delete {entity} "{record_name}"?" with "Yes, delete it!" / "No, keep it". */
export function confirmDelete(entity: string, recordName: string): Promise<boolean> {
  return confirmAction({
    title: format(t.confirm.titles.delete, { entity }),
    message: format(t.confirm.deleteRecord, { entity, record_name: recordName }),
    confirmLabel: t.confirm.yesDelete,
    cancelLabel: t.confirm.noKeep,
    danger: true,
  });
}

/** "Are you sure you would like to close this panel?" */
export function confirmClosePanel(): Promise<boolean> {
  return confirmAction({
    title: t.confirm.titles.closePanel,
    message: t.confirm.closePanel,
    confirmLabel: t.confirm.yes,
    cancelLabel: t.confirm.no,
  });
}
