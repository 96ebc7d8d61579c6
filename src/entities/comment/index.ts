export { commentApi, commentKeys, commentQueries, type CommentBody } from './api/comment.queries';
export {
  COMMENT_LIMITS,
  COMMENT_SUBJECTS,
  commentPersonSchema,
  commentSchema,
  commentThreadSchema,
  type Comment,
  type CommentPerson,
  type CommentSubject,
  type CommentThread,
} from './model/comment.schema';
