// The service's records that the npm entries' public types name (what the events carry, what a
// preview is given), as the widget normalised them: listed once, exported by `porchlight` and
// `porchlight/client` alike. The other wire types (request bodies, sign-in, sockets) stay inside.
export type {
  Attachment,
  AttachmentButton,
  GalleryCard,
  MessageAttributes,
  MessageMetadata,
  WidgetsResponse,
  WireDepartment,
  WireMessage,
  WireProject,
  WireRequest,
  WireWidgetSettings,
} from './wire.ts';
