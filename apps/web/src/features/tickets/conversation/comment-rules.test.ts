import { type ApiTicketComment, type ApiTicketCommentList, COMMENT_MAX_FILES, en } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import {
  attachmentFiles,
  attachmentsError,
  attachmentsFieldError,
  commentExcerpt,
  commentPath,
  commentPayload,
  commentsKey,
  commentsPath,
  earlierPageParam,
  editableAt,
  emptyComment,
  nextEditDeadline,
  restricted,
  threadOfPages,
  threadPageQuery,
} from './comment-rules';

const NOW = 1_800_000_000_000;
const seconds = (ms: number) => Math.floor(ms / 1000);

function comment(overrides: Partial<ApiTicketComment> = {}): ApiTicketComment {
  return {
    id: 1,
    ticket_id: 7,
    body: 'The plumber comes on Tuesday.',
    visibility: 'everyone',
    author: { id: 3, name: 'Morgan Reyes', avatar: null, role_name: 'Property Manager' },
    attachments: [],
    created_at_timestamp: seconds(NOW) - 60,
    edited_at_timestamp: null,
    editable_until_timestamp: seconds(NOW) + 14 * 60,
    can_edit: true,
    can_delete: true,
    ...overrides,
  };
}

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('where a thread lives', () => {
  it('is cached under tickets, and sent to the ticket comments paths', () => {
    expect(commentsKey(7)).toEqual(['tickets', 'comments', 7]);
    expect(commentsPath(7)).toBe('tickets/7/comments');
    expect(commentPath(7, 12)).toBe('tickets/7/comments/12');
  });
});

describe('the pages of a thread', () => {
  const page = (ids: number[], hasEarlier: boolean): ApiTicketCommentList => ({
    data: ids.map((id) => comment({ id })),
    has_earlier: hasEarlier,
    visibilities: ['everyone', 'contractor'],
  });

  it('asks for the newest page with no query, an earlier one before a comment', () => {
    expect(threadPageQuery(null)).toBeUndefined();
    expect(threadPageQuery(41)).toEqual({ before: 41 });
  });

  it('asks for the page before the oldest comment shown, while the server says there are earlier ones', () => {
    expect(earlierPageParam(page([40, 41, 45], true))).toBe(40);
    expect(earlierPageParam(page([40, 41, 45], false))).toBeUndefined();
    expect(earlierPageParam(page([], false))).toBeUndefined();
  });

  it('shows the pages loaded, newest first, as one thread oldest first', () => {
    const thread = threadOfPages([page([50, 52], true), page([44, 47], true), page([40], false)]);
    expect(thread.comments.map((shown) => shown.id)).toEqual([40, 44, 47, 50, 52]);
    expect(thread.visibilities).toEqual(['everyone', 'contractor']);
    expect(threadOfPages([])).toEqual({ comments: [], visibilities: [] });
  });
});

describe('the edit window', () => {
  it.each([
    ['open, allowed', {}, true],
    ['allowed, closing this very moment', { editable_until_timestamp: seconds(NOW) }, false],
    ['allowed, closed a minute ago', { editable_until_timestamp: seconds(NOW) - 60 }, false],
    ['open, not the author', { can_edit: false }, false],
  ] as const)('%s: Edit shows = %s', (_, overrides, shown) => {
    expect(editableAt(comment(overrides), NOW)).toBe(shown);
  });

  it('wakes the thread when the first still-open window closes', () => {
    const soon = seconds(NOW) + 90;
    const comments = [
      comment({ id: 1, editable_until_timestamp: seconds(NOW) + 600 }),
      comment({ id: 2, editable_until_timestamp: soon }),
      comment({ id: 3, editable_until_timestamp: seconds(NOW) - 5 }),
      comment({ id: 4, editable_until_timestamp: seconds(NOW) + 30, can_edit: false }),
    ];
    expect(nextEditDeadline(comments, NOW)).toBe(soon * 1000);
    expect(nextEditDeadline(comments, soon * 1000)).toBe((seconds(NOW) + 600) * 1000);
    expect(nextEditDeadline(comments, NOW + 3_600_000)).toBeNull();
    expect(nextEditDeadline([], NOW)).toBeNull();
  });
});

describe('the composer', () => {
  it('starts empty with the first visibility the viewer may post with', () => {
    expect(emptyComment(['everyone', 'contractor', 'staff'])).toEqual({
      body: '',
      visibility: 'everyone',
      attachments: [],
    });
    expect(emptyComment(['staff']).visibility).toBe('staff');
    expect(emptyComment([]).visibility).toBe('everyone');
  });

  it('sends the text and the visibility, and the files only when there are some', () => {
    const photo = new File(['x'], 'leak.jpg', { type: 'image/jpeg' });
    expect(commentPayload({ body: 'Hi', visibility: 'staff', attachments: [] })).toEqual({
      body: 'Hi',
      visibility: 'staff',
    });
    expect(commentPayload({ body: 'Hi', visibility: 'everyone', attachments: [photo] })).toEqual({
      body: 'Hi',
      visibility: 'everyone',
      attachments: [photo],
    });
  });

  it('checks the attachments as ticket images: count, size and type', () => {
    const photo = file('a.jpg', 'image/jpeg', 200_000);
    expect(attachmentsError([])).toBeNull();
    expect(attachmentsError(Array.from({ length: COMMENT_MAX_FILES }, () => photo))).toBeNull();
    expect(attachmentsError(Array.from({ length: COMMENT_MAX_FILES + 1 }, () => photo))).toBe(
      en.errors.tooManyFiles,
    );
    expect(attachmentsError([file('a.jpg', 'image/jpeg', 1_000_000)])).toBeNull();
    expect(attachmentsError([file('a.jpg', 'image/jpeg', 1_000_001)])).toBe(en.errors.fileTooBig);
    expect(attachmentsError([file('a.pdf', 'application/pdf', 1000)])).toBeNull();
    expect(attachmentsError([file('a.exe', 'application/x-msdownload', 1000)])).toBe(en.errors.fileType);
  });

  it("puts the server's error about one file on the attachments field", () => {
    expect(attachmentsFieldError({ attachments: 'Too many', body: 'x' })).toBe('Too many');
    expect(attachmentsFieldError({ body: 'x', 'attachments.1': 'File too big' })).toBe('File too big');
    expect(attachmentsFieldError({ body: 'x' })).toBeUndefined();
  });
});

describe('a comment as shown', () => {
  it('shows its attachments as the ticket photos do: images open the lightbox, the rest open as files', () => {
    const shown = attachmentFiles([
      { id: 1, url: '/a', thumbnail_url: '/a/t', mime_type: 'image/JPEG', original_name: 'sink.jpg' },
      { id: 2, url: '/b', thumbnail_url: null, mime_type: 'application/pdf', original_name: 'quote.pdf' },
      { id: 3, url: '/c', thumbnail_url: '/c/t', mime_type: 'image/png', original_name: null },
    ]);
    expect(shown).toEqual([
      { id: 1, url: '/a', thumbnail_url: '/a/t', name: 'sink.jpg', is_image: true },
      { id: 2, url: '/b', thumbnail_url: null, name: 'quote.pdf', is_image: false },
      { id: 3, url: '/c', thumbnail_url: '/c/t', name: 'image/png', is_image: true },
    ]);
  });

  it('carries a badge only when not everyone on the ticket sees it', () => {
    expect(restricted('everyone')).toBe(false);
    expect(restricted('contractor')).toBe(true);
    expect(restricted('staff')).toBe(true);
  });

  it('is named in the delete question by its first line, cut short', () => {
    expect(commentExcerpt('  Water is off.\nCall me after 5.  ')).toBe('Water is off.');
    expect(commentExcerpt('a'.repeat(80), 20)).toBe(`${'a'.repeat(19)}…`);
    expect(commentExcerpt('')).toBe('');
  });
});
