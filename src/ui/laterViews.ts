/**
 * The window's steps most visits never reach (and the look of a message not sent, of a file dragged
 * over the window), one chunk: ChatWindow prefetches them together at idle once the window is open,
 * so one request brings them all.
 */
export { CloseConfirm } from './CloseConfirm.tsx';
export { ConversationEnd } from './ConversationEnd.tsx';
export { DropHint } from './DropHint.tsx';
export { FailedStatus } from './FailedStatus.tsx';
export { ImageViewer } from './ImageViewer.tsx';
export { UploadList } from './UploadList.tsx';
