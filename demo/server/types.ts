/**
 * Documents kept by the demo store. They mirror the reference server's Mongoose models
 * (docs/service.md §3–§9) closely enough that serialising them gives the same JSON;
 * what crosses the wire is typed by `src/api/wire.ts`.
 */
import type { MessageAttributes, MessageMetadata } from '../../src/api/wire.ts';

export type Role = 'guest' | 'user' | 'teammate' | 'agent' | 'supervisor' | 'admin' | 'owner';

/** `roleType` of a project_user: 1 = agents (teammates), 2 = users (visitors). */
export const ROLE_TYPE_AGENTS = 1;
export const ROLE_TYPE_USERS = 2;

export interface Timestamps {
  createdAt: string;
  updatedAt: string;
  __v: number;
}

export interface ProjectDoc extends Timestamps {
  _id: string;
  name: string;
  activeOperatingHours: boolean;
  /** A JSON-encoded string, exactly as the reference server stores it. */
  operatingHours: string;
  timeSlots?: Record<string, { name?: string; active?: boolean; hours?: string }>;
  settings: Record<string, unknown>;
  widget: Record<string, unknown>;
  status: number;
  profile: { name: string; trialDays: number; agents: number; type: 'free' | 'payment'; subStart?: string; subEnd?: string };
  versions: number;
  channels: Array<{ name: string }>;
  bannedUsers: Array<{ id: string; ip?: string }>;
  ipFilterDenyEnabled: boolean;
  ipFilterDeny: string[];
  createdBy: string;
  /** Signs the project's custom tokens (`aud https://tiledesk.com/projects/<id>`); never sent. */
  jwtSecret: string;
}

/** A dashboard user (agent / admin / owner). Visitors are never `User`s. */
export interface UserDoc extends Timestamps {
  _id: string;
  email: string;
  firstname: string;
  lastname?: string;
  /** scrypt hash, `salt:hash` hex; never serialised. */
  password: string;
  emailverified: boolean;
  status: number;
}

export interface ProjectUserDoc extends Timestamps {
  _id: string;
  id_project: string;
  /** Set for dashboard users (ObjectId of a User). */
  id_user?: string;
  /** Set for visitors (the uuid of the anonymous user). */
  uuid_user?: string;
  role: Role;
  roleType: number;
  user_available: boolean;
  status: 'active' | 'disabled';
  number_assigned_requests: number;
  permissions: string[];
  tags: unknown[];
  trashed: boolean;
  isAuthenticated: boolean;
  createdBy: string;
  updatedBy: string;
}

export interface DepartmentDoc extends Timestamps {
  _id: string;
  name: string;
  routing: 'assigned' | 'pooled' | (string & {});
  default: boolean;
  /** 1 visible in the widget, 0 hidden from the widget, -1 hidden from the dashboard. */
  status: number;
  id_project: string;
  id_bot?: string;
  id_group?: string;
  groups: Array<{ group_id: string; percentage?: number; _id: string }>;
  tags: unknown[];
  description?: string;
  online_msg?: string;
  offline_msg?: string;
  bot_only?: boolean;
  createdBy: string;
}

/** A chatbot (the reference server's `faq_kb`). */
export interface BotDoc extends Timestamps {
  _id: string;
  name: string;
  id_project: string;
  type: 'internal' | 'external';
  language: string;
  description?: string;
  trashed: boolean;
  attributes: { rules?: unknown[] };
  createdBy: string;
}

export interface LeadDoc extends Timestamps {
  _id: string;
  lead_id: string;
  fullname: string;
  email?: string;
  attributes?: Record<string, unknown>;
  id_project: string;
  createdBy: string;
  status: number;
  tags: unknown[];
}

export interface RequestSnapshot {
  department?: unknown;
  availableAgentsCount: number;
  requester?: unknown;
  lead?: unknown;
  /** Who could see the request when it was created (docs/service.md §10 visibility). */
  agents: Array<{ id_user: string }>;
}

export interface RequestDoc extends Timestamps {
  _id: string;
  request_id: string;
  ticket_id: number;
  /** project_user `_id` of the visitor. */
  requester: string;
  /** lead `_id`. */
  lead: string;
  first_text?: string;
  subject?: string;
  status: number;
  preflight: boolean;
  draft?: boolean;
  hasBot: boolean;
  participants: string[];
  participantsAgents: string[];
  participantsBots: string[];
  /** department `_id`. */
  department?: string;
  assigned_at?: string;
  first_response_at?: string;
  waiting_time?: number;
  snapshot: RequestSnapshot;
  channel: { name: string };
  channelOutbound: { name: string };
  smartAssignment: boolean;
  id_project: string;
  createdBy: string;
  tags: unknown[];
  notes: unknown[];
  followers: unknown[];
  priority?: string;
  location?: unknown;
  sourcePage?: string;
  language?: string;
  userAgent?: string;
  attributes?: Record<string, unknown>;
  rating?: number;
  rating_message?: string;
  closed_at?: string;
  closed_by?: string;
  transcript?: string;
}

export interface MessageDoc extends Timestamps {
  _id: string;
  sender: string;
  senderFullname: string;
  recipient: string;
  type: string;
  channel_type: string;
  text?: string;
  id_project: string;
  createdBy: string;
  status: number;
  channel: { name: string };
  language?: string;
  attributes?: MessageAttributes;
  metadata?: MessageMetadata;
}

export interface LabelEntry {
  _id?: string;
  lang: string;
  data: Record<string, string | string[]>;
  default?: boolean;
  category?: string;
}

export interface LabelDoc extends Timestamps {
  _id: string;
  id_project: string;
  data: LabelEntry[];
  createdBy: string;
  attributes?: Record<string, unknown>;
}

/** A stored upload (the reference keeps them in GridFS buckets `files` and `images`). */
export interface FileDoc {
  bucket: 'files' | 'images';
  filename: string;
  contentType: string;
  length: number;
  uploadDate: string;
  metadata: { expireAt?: string; createdBy?: string };
  data: Buffer;
}
