/**
 * The widget's one stylesheet, assembled from the per-component files beside each view. The order
 * is the cascade order: shared tokens and controls first, then each view roughly from the outside
 * in, so a component's rule overrides a shared one of the same specificity. A new view adds its
 * file here (and nowhere else).
 */
import base from './base.css?inline';
import launcher from './Launcher.css?inline';
import unreadBadge from './UnreadBadge.css?inline';
import chatWindow from './ChatWindow.css?inline';
import header from './Header.css?inline';
import messageList from './MessageList.css?inline';
import messageBubble from './MessageBubble.css?inline';
import markdown from './markdown/Markdown.css?inline';
import imageMessage from './ImageMessage.css?inline';
import fileMessage from './FileMessage.css?inline';
import quickReplies from './QuickReplies.css?inline';
import gallery from './Gallery.css?inline';
import typingIndicator from './TypingIndicator.css?inline';
import composer from './Composer.css?inline';
import uploadList from './UploadList.css?inline';
import imageViewer from './ImageViewer.css?inline';
import closeConfirm from './CloseConfirm.css?inline';
import conversationEnd from './ConversationEnd.css?inline';
import offlineNotice from './OfflineNotice.css?inline';
import departmentSelect from './DepartmentSelect.css?inline';
import preChatForm from './PreChatForm.css?inline';
import callout from './Callout.css?inline';

export const widgetCss = [
  base,
  launcher,
  unreadBadge,
  chatWindow,
  header,
  messageList,
  messageBubble,
  markdown,
  imageMessage,
  fileMessage,
  quickReplies,
  gallery,
  typingIndicator,
  composer,
  uploadList,
  imageViewer,
  closeConfirm,
  conversationEnd,
  offlineNotice,
  departmentSelect,
  preChatForm,
  callout,
].join('');
