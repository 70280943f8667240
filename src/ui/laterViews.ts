/**
 * What the widget shows on few visits, one chunk: the steps most never reach, and the parts of rare
 * moments (a message not sent, a file dragged over the window, a text near the length limit, a
 * reply while the window is closed, the header's options menu).
 * ChatWindow prefetches them together at idle once the window is open, so one request brings them all.
 */
export { CharCount } from './CharCount.tsx';
export { CloseConfirm } from './CloseConfirm.tsx';
export { ConversationEnd } from './ConversationEnd.tsx';
export { DropHint } from './DropHint.tsx';
export { FailedStatus } from './FailedStatus.tsx';
export { ImageViewer } from './ImageViewer.tsx';
export { OptionsMenu } from './OptionsMenu.tsx';
export { UnreadBadge } from './UnreadBadge.tsx';
export { UploadList } from './UploadList.tsx';
