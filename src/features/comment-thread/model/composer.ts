import type { PickedFile } from '@/shared/lib';
import type { CommentPerson } from '@/entities/comment';

/** What a comment sends of its picked files: the uploaded ones (failed ones left out), and whether uploads still run. */
export function uploadedCommentFiles(list: readonly PickedFile[]): {
  attachments: { name: string; url: string; size: number; content_type?: string }[];
  uploading: boolean;
} {
  return {
    attachments: list
      .filter((f) => f.status === 'done' && f.key)
      .map((f) => ({ name: f.name, url: f.key!, size: f.size, ...(f.contentType ? { content_type: f.contentType } : {}) })),
    uploading: list.some((f) => f.status === 'uploading'),
  };
}

/**
 * The people chosen in the @ picker, and those the text still names by `@name`: typing `@` and
 * choosing a suggestion or writing the name both mention; deleting the tag from the text drops it.
 */
export function mentionedIn(body: string, people: readonly CommentPerson[], picked: readonly string[]): string[] {
  return people.filter((p) => picked.includes(p.designer_id) && body.includes(`@${p.name}`)).map((p) => p.designer_id);
}

/** The `@word` being typed at the caret (for the suggestions), or null when the caret is not in one. */
export function mentionQueryAt(body: string, caret: number): string | null {
  const m = /(?:^|\s)@([^\s@]*)$/.exec(body.slice(0, caret));
  return m ? m[1]! : null;
}

/** The text with the `@word` being typed at the caret replaced by `@name `. */
export function completeMention(body: string, caret: number, name: string): { body: string; caret: number } {
  const before = body.slice(0, caret);
  const at = before.lastIndexOf('@');
  const next = `${before.slice(0, at)}@${name} `;
  return { body: next + body.slice(caret), caret: next.length };
}
