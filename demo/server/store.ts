/**
 * The in-memory database. Collections are plain arrays of documents (small data, simple
 * queries); every mutation goes through `touch()`/`changed()` so the optional JSON file stays
 * in step, and domain events (`message.create`, `request.create`, `request.update`) let the
 * websocket and the demo bot react without the routes knowing about them.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { BotDoc, DepartmentDoc, FileDoc, LabelDoc, LeadDoc, MessageDoc, ProjectDoc, ProjectUserDoc, RequestDoc, UserDoc } from './types.ts';

export interface StoreData {
  projects: ProjectDoc[];
  users: UserDoc[];
  projectUsers: ProjectUserDoc[];
  departments: DepartmentDoc[];
  bots: BotDoc[];
  leads: LeadDoc[];
  requests: RequestDoc[];
  messages: MessageDoc[];
  labels: LabelDoc[];
  files: FileDoc[];
  /** jti of every guest token issued, so the `revokeTokens` fault can invalidate them all. */
  issuedGuestJtis: string[];
  revokedJtis: string[];
  /** Next `ticket_id` per project (the reference auto-increments per project). */
  ticketCounters: Record<string, number>;
  /** Demo-only switches kept beside the data so that `reset` restores them too. */
  demo: { botWelcome: boolean };
}

export interface StoreEvents {
  'message.create': (message: MessageDoc, request: RequestDoc) => void;
  'request.create': (request: RequestDoc) => void;
  'request.update': (request: RequestDoc) => void;
  reset: () => void;
}

type Listeners = { [K in keyof StoreEvents]: Set<StoreEvents[K]> };

export function nowIso(): string {
  return new Date().toISOString();
}

export class Store {
  data: StoreData;
  private readonly listeners: Listeners = {
    'message.create': new Set(),
    'request.create': new Set(),
    'request.update': new Set(),
    reset: new Set(),
  };
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly seed: () => StoreData,
    private readonly dataFile?: string,
  ) {
    this.data = (dataFile && loadFile(dataFile)) || seed();
  }

  // ------------------------------------------------------------ events

  on<K extends keyof StoreEvents>(event: K, fn: StoreEvents[K]): () => void {
    this.listeners[event].add(fn);
    return () => this.listeners[event].delete(fn);
  }

  emit<K extends keyof StoreEvents>(event: K, ...args: Parameters<StoreEvents[K]>): void {
    for (const fn of this.listeners[event]) {
      try {
        (fn as (...a: Parameters<StoreEvents[K]>) => void)(...args);
      } catch (err) {
        // A listener (bot, websocket) must never break the request that caused the event.
        console.error(`[demo] ${event} listener failed`, err);
      }
    }
  }

  // ------------------------------------------------------------ lifecycle

  /** Back to the seed: every conversation, upload, token and edit is forgotten. */
  reset(): void {
    this.data = this.seed();
    this.changed();
    this.emit('reset');
  }

  /** Marks a document as modified (updatedAt, __v) and schedules persistence. */
  touch<T extends { updatedAt: string; __v: number }>(doc: T): T {
    doc.updatedAt = nowIso();
    doc.__v += 1;
    this.changed();
    return doc;
  }

  changed(): void {
    if (!this.dataFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save();
    }, 200);
    this.saveTimer.unref();
  }

  /** Writes the data file now (atomically: temp file then rename). */
  save(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.dataFile) return;
    const tmp = `${this.dataFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data, fileReplacer));
    renameSync(tmp, this.dataFile);
  }

  // ------------------------------------------------------------ lookups

  project(id: string): ProjectDoc | undefined {
    return this.data.projects.find((p) => p._id === id);
  }

  /** `Project.findOne({_id, status: 100})`. */
  activeProject(id: string): ProjectDoc | undefined {
    const project = this.project(id);
    return project && project.status === 100 ? project : undefined;
  }

  user(id: string): UserDoc | undefined {
    return this.data.users.find((u) => u._id === id);
  }

  userByEmail(email: string): UserDoc | undefined {
    const wanted = email.toLowerCase();
    return this.data.users.find((u) => u.email === wanted && u.status === 100);
  }

  bot(id: string): BotDoc | undefined {
    return this.data.bots.find((b) => b._id === id);
  }

  department(id: string): DepartmentDoc | undefined {
    return this.data.departments.find((d) => d._id === id);
  }

  departmentsOf(projectId: string): DepartmentDoc[] {
    return this.data.departments.filter((d) => d.id_project === projectId);
  }

  lead(id: string): LeadDoc | undefined {
    return this.data.leads.find((l) => l._id === id);
  }

  request(requestId: string, projectId?: string): RequestDoc | undefined {
    return this.data.requests.find((r) => r.request_id === requestId && (projectId === undefined || r.id_project === projectId));
  }

  projectUser(id: string): ProjectUserDoc | undefined {
    return this.data.projectUsers.find((pu) => pu._id === id);
  }

  /** The active membership of a user (ObjectId `id_user`) or a visitor (uuid `uuid_user`). */
  membership(projectId: string, by: { id_user?: string; uuid_user?: string }): ProjectUserDoc | undefined {
    return this.data.projectUsers.find(
      (pu) => pu.id_project === projectId && pu.status === 'active' && (by.id_user !== undefined ? pu.id_user === by.id_user : pu.uuid_user === by.uuid_user),
    );
  }

  /** Agents of a project: `project_user {roleType: 1}`. */
  agentsOf(projectId: string): ProjectUserDoc[] {
    return this.data.projectUsers.filter((pu) => pu.id_project === projectId && pu.roleType === 1);
  }

  messagesOf(requestId: string, projectId: string): MessageDoc[] {
    return this.data.messages.filter((m) => m.recipient === requestId && m.id_project === projectId).sort(byCreatedAt);
  }

  labelsOf(projectId: string): LabelDoc | undefined {
    return this.data.labels.find((l) => l.id_project === projectId);
  }

  file(bucket: FileDoc['bucket'], filename: string): FileDoc | undefined {
    return this.data.files.find((f) => f.bucket === bucket && f.filename === filename);
  }

  nextTicketId(projectId: string): number {
    const next = (this.data.ticketCounters[projectId] ?? 0) + 1;
    this.data.ticketCounters[projectId] = next;
    return next;
  }
}

export function byCreatedAt(a: { createdAt: string }, b: { createdAt: string }): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

// ------------------------------------------------------------ persistence (Buffers as base64)

function fileReplacer(this: unknown, key: string, value: unknown): unknown {
  if (key === 'data' && value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer') {
    return { $base64: Buffer.from((value as { data: number[] }).data).toString('base64') };
  }
  return value;
}

function loadFile(path: string): StoreData | undefined {
  if (!existsSync(path)) return undefined;
  const parsed = JSON.parse(readFileSync(path, 'utf8'), (key, value: unknown) => {
    if (key === 'data' && value && typeof value === 'object' && '$base64' in value) {
      return Buffer.from(String((value as { $base64: string }).$base64), 'base64');
    }
    return value;
  }) as StoreData;
  return parsed;
}
