/**
 * The widget's one stylesheet, assembled from the per-component files beside each view. The order
 * is the cascade order: shared tokens and controls first, then each view roughly from the outside
 * in, so a component's rule overrides a shared one of the same specificity. A new view adds its
 * file here (and nowhere else). Views loaded on demand (lazyView) bring their own file and adopt it
 * when they first render (`widget.adoptCss`), after this sheet: the first open stays small.
 */
import base from './base.css?inline';
import launcher from './Launcher.css?inline';
import chatWindow from './ChatWindow.css?inline';
import header from './Header.css?inline';
import avatar from './Avatar.css?inline';
import presence from './Presence.css?inline';
import messageList from './MessageList.css?inline';
import messageBubble from './MessageBubble.css?inline';
import messageText from './markdown/MessageText.css?inline';
import composer from './Composer.css?inline';

export const widgetCss = [base, launcher, chatWindow, header, avatar, presence, messageList, messageBubble, messageText, composer].join('');
