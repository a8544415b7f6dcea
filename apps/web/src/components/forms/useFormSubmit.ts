/**
 * The one way a form saves (SPEC.md sections 4 and 8): record forms, profile tabs, account pages, the
 * contact form and the batch import all submit through this hook. TanStack Query's `useMutation` sends the
 * values through lib/api.ts (a multipart body, `_method` for PATCH / PUT / DELETE, a fresh `_nonce` for every
 * submission, the anti-forgery retry) and then:
 * - the button goes sending → sent / error (the flash lasts BUTTON_FLASH_MS); a press while one submission is
 *   on its way sends nothing;
 * - a success refreshes what the write changed (lib/invalidation.ts: the form names the resource it writes),
 *   and waits for it, so the screen shown next reads fresh data; then the toast asked for shows (its text
 *   defaults to the answer's message) and the answer is handed back;
 * - a refusal puts the server's field errors on their fields and a summary (title: the server's message, or
 *   "Oops, something went wrong.") above the button.
 */
import type { FormErrors } from '@mantine/form';
import { generateNonce } from '@mend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, type ApiErrorBody, type ApiResponse, apiSend, type SendMethod } from '../../lib/api';
import { invalidateAfterWrite, type WrittenResource } from '../../lib/invalidation';
import { t } from '../../lib/translations';
import { useFormButton } from '../FormButton';
import { toastSuccess } from '../feedback';
import type { FormErrorState } from './FormErrorAlert';
import { formPayload, savedRecord } from './payload';
import { formErrorLines, serverFieldErrors } from './zod-errors';

export interface ErrorPlacement {
  /** Server field names that differ from the form's paths. */
  aliases?: Record<string, string>;
  /** Server fields with no input of their own (the reset `token`): their messages go to the summary only. */
  hiddenFields?: readonly string[];
  /** Server fields only marked as wrong, their messages listed in the summary (the batch import's rows). */
  markedFields?: readonly string[];
}

export interface FormSubmitOptions extends ErrorPlacement {
  /** The resource the form writes (lib/invalidation.ts says what that refreshes); null when nothing shown changes. */
  writes: WrittenResource | null;
}

export interface SubmitRequest {
  method: SendMethod;
  url: string;
  /** The values to send (as formPayload sends them: an empty list as one empty entry, absent values left out). */
  body: Record<string, unknown>;
  /**
   * The success toast: its title, and its text (default: the answer's message, else `fallback` made from the answer,
   * for answers that carry none). None when left out.
   */
  toast?: { title: string; message?: string; fallback?: (answer: unknown) => string };
  /**
   * The submission's `_nonce`, when the caller must know it (a new ticket kept offline is sent again later with
   * the same one); a fresh one otherwise.
   */
  nonce?: string;
}

/** What the form shows of a refused submission: the errors on its fields and the summary. */
export function refusal(
  data: ApiErrorBody,
  { aliases, hiddenFields = [], markedFields = [] }: ErrorPlacement = {},
): { fields: FormErrors; summary: FormErrorState } {
  const fields: FormErrors = serverFieldErrors(data.errors, aliases);
  for (const field of hiddenFields) delete fields[field];
  for (const field of markedFields) if (field in fields) fields[field] = true;
  return {
    fields,
    summary: { title: data.message || t.errors.formTitle, lines: formErrorLines(data.errors) },
  };
}

/** The answer's message, for the toast: `{ message, ... }` answers carry one. */
function answerMessage(data: unknown): string | undefined {
  return savedRecord(data).message ?? undefined;
}

export function useFormSubmit(form: { setErrors: (errors: FormErrors) => void }, options: FormSubmitOptions) {
  const queryClient = useQueryClient();
  const [buttonState, setButtonState] = useFormButton();
  const [error, setError] = useState<FormErrorState | null>(null);
  const sending = useRef(false);

  const mutation = useMutation({
    mutationFn: async ({ method, url, body, nonce }: SubmitRequest) => {
      const result = await apiSend<unknown>(method, url, {
        ...formPayload(body),
        _nonce: nonce ?? generateNonce(),
      });
      if (!result.ok) throw new ApiError(result.status, result.data);
      return result;
    },
    // Sent whatever the browser thinks of its connection: an offline one gets the network error at once.
    networkMode: 'always',
    onSuccess: () => {
      setButtonState('sent');
      return options.writes ? invalidateAfterWrite(queryClient, options.writes) : undefined;
    },
  });

  /** Sends the form; resolves to the answer once the caches are fresh, or null when a submission is already on its way. */
  async function submit<T = unknown>(request: SubmitRequest): Promise<ApiResponse<T> | null> {
    if (sending.current) return null;
    sending.current = true;
    setButtonState('sending');
    setError(null);
    try {
      const result = await mutation.mutateAsync(request);
      if (request.toast)
        toastSuccess(
          request.toast.title,
          request.toast.message ?? answerMessage(result.data) ?? request.toast.fallback?.(result.data),
        );
      return { ok: true, status: result.status, data: result.data as T };
    } catch (caught) {
      const failure = caught instanceof ApiError ? caught : new ApiError(0, { message: t.errors.generic });
      setButtonState('error');
      const { fields, summary } = refusal(failure.data, options);
      form.setErrors(fields);
      setError(summary);
      return { ok: false, status: failure.status, data: failure.data };
    } finally {
      sending.current = false;
    }
  }

  return {
    submit,
    buttonState,
    error,
    /** Back to the plain button (e.g. when a submit is stopped by the form's own checks). */
    resetButton: () => setButtonState('default'),
  };
}
