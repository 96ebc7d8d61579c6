export { completeMention, mentionedIn, mentionQueryAt, uploadedCommentFiles } from './model/composer';
export { useCommentMutations } from './model/use-comment-mutations';
export { CommentThread, type CommentThreadProps } from './ui/comment-thread';
