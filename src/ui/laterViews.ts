/**
 * The window's steps most visits never reach, one chunk: ChatWindow prefetches them together at
 * idle once the window is open, so one request (and one import path in the first open's code)
 * brings them all.
 */
export { CloseConfirm } from './CloseConfirm.tsx';
export { ConversationEnd } from './ConversationEnd.tsx';
export { ImageViewer } from './ImageViewer.tsx';
export { UploadList } from './UploadList.tsx';
