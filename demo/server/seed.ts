/**
 * The demo's initial data: one project ("Porchlight Demo"), two agents, three departments
 * (the default one plus "Sales" and "Support", the latter handled by the demo bot), the bot
 * itself, the project's EN labels and one stored file (the price list PDF). `POST /__demo/reset`
 * goes back to exactly this. `projectFixture` builds the same project under other ids: that is
 * what `POST /__demo/projects` clones.
 */
import { randomBytes } from 'node:crypto';
import { defaultLabels } from './defaultLabels.ts';
import { photoFiles, priceListFile } from './demoFiles.ts';
import { objectId } from './ids.ts';
import { hashPassword } from './passwords.ts';
import type { StoreData } from './store.ts';
import type { BotDoc, DepartmentDoc, FileDoc, LabelDoc, ProjectDoc, ProjectUserDoc, UserDoc } from './types.ts';

export const DEMO_PROJECT_ID = '65f0c0ffee0000000000d3e0';
/**
 * The seed project's `jwtSecret`: fixed and published so that a site backend trying the demo can
 * sign custom tokens for it (demo/README.md). Created projects get a random one.
 */
export const DEMO_PROJECT_SECRET = 'porchlight-demo-project-secret';

export const DEMO_AGENT = { id: '65f0c0ffee0000000000a001', email: 'agent@demo.test', password: 'demo', name: 'Ann Agent' };
export const DEMO_AGENT_2 = { id: '65f0c0ffee0000000000a002', email: 'bob@demo.test', password: 'demo', name: 'Bob Helper' };
export const DEMO_BOT_ID = '65f0c0ffee0000000000b070';
export const DEPARTMENT_IDS = {
  default: '65f0c0ffee0000000000de00',
  sales: '65f0c0ffee0000000000de01',
  support: '65f0c0ffee0000000000de02',
} as const;

/** The reference server's own test fixture (test/projectRoute.js): Mon–Fri, Rome time. */
export const SAMPLE_OPERATING_HOURS =
  '{"1":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],' +
  '"2":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],' +
  '"3":[{"start":"09:00","end":"11:00"},{"start":"14:00","end":"18:00"}],' +
  '"4":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],' +
  '"5":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],"tzname":"Europe/Rome"}';

const SEED_TIME = '2024-03-12T09:00:00.000Z';

export interface SeedOptions {
  /** The bot greets every new conversation (off for deterministic tests). */
  botWelcome: boolean;
}

const stamps = { createdAt: SEED_TIME, updatedAt: SEED_TIME, __v: 0 };
type Stamps = typeof stamps;

/** Every id of one project's documents: fixed for the seed, fresh ObjectIds for created projects. */
export interface FixtureIds {
  project: string;
  /** memberships of DEMO_AGENT (owner) and DEMO_AGENT_2 (agent) */
  ownerMembership: string;
  agentMembership: string;
  departments: { default: string; sales: string; support: string };
  bot: string;
  labels: string;
  /** `_id` of the i-th label entry */
  labelEntry: (index: number) => string;
  /** the project's `jwtSecret` */
  jwtSecret: string;
}

const SEED_IDS: FixtureIds = {
  project: DEMO_PROJECT_ID,
  ownerMembership: '65f0c0ffee0000000000e001',
  agentMembership: '65f0c0ffee0000000000e002',
  departments: DEPARTMENT_IDS,
  bot: DEMO_BOT_ID,
  labels: '65f0c0ffee0000000000f001',
  labelEntry: (i) => `65f0c0ffee0000000000f1${String(i).padStart(2, '0')}`,
  jwtSecret: DEMO_PROJECT_SECRET,
};

/** Fresh ids for a project created through `POST /__demo/projects`. */
export function freshIds(): FixtureIds {
  return {
    project: objectId(),
    ownerMembership: objectId(),
    agentMembership: objectId(),
    departments: { default: objectId(), sales: objectId(), support: objectId() },
    bot: objectId(),
    labels: objectId(),
    labelEntry: () => objectId(),
    jwtSecret: randomBytes(24).toString('hex'),
  };
}

function project(ids: FixtureIds, at: Stamps): ProjectDoc {
  return {
    _id: ids.project,
    name: 'Porchlight Demo',
    activeOperatingHours: false,
    operatingHours: SAMPLE_OPERATING_HOURS,
    settings: { chat_limit_on: false },
    widget: {
      themeColor: '#2a6ac1',
      themeForegroundColor: '#ffffff',
      align: 'right',
      widgetTitle: 'Porchlight Demo',
      calloutTimer: -1,
      nativeRating: true,
      showAttachmentFooterButton: true,
      showEmojiFooterButton: true,
      displayOnDesktop: true,
      displayOnMobile: true,
    },
    status: 100,
    profile: { name: 'Sandbox', trialDays: 14, agents: 0, type: 'free' },
    versions: 20115,
    channels: [{ name: 'chat21' }],
    bannedUsers: [],
    ipFilterDenyEnabled: false,
    ipFilterDeny: [],
    createdBy: DEMO_AGENT.id,
    jwtSecret: ids.jwtSecret,
    ...at,
  };
}

const passwordHashes = new Map<string, string>();

/** scrypt is deliberately slow: hash each seed password once per process, not at every reset. */
function seedPasswordHash(spec: typeof DEMO_AGENT): string {
  let hash = passwordHashes.get(spec.id);
  if (!hash) {
    // A fixed salt keeps the seed deterministic; the hash is still a real scrypt hash.
    hash = hashPassword(spec.password, `seed-${spec.id}`);
    passwordHashes.set(spec.id, hash);
  }
  return hash;
}

function user(spec: typeof DEMO_AGENT): UserDoc {
  const [firstname = spec.name, lastname] = spec.name.split(' ');
  return {
    _id: spec.id,
    email: spec.email,
    firstname,
    lastname,
    password: seedPasswordHash(spec),
    emailverified: true,
    status: 100,
    ...stamps,
  };
}

function membership(id: string, projectId: string, userId: string, role: ProjectUserDoc['role'], at: Stamps): ProjectUserDoc {
  return {
    _id: id,
    id_project: projectId,
    id_user: userId,
    role,
    roleType: 1,
    user_available: true,
    status: 'active',
    number_assigned_requests: 0,
    permissions: [],
    tags: [],
    trashed: false,
    isAuthenticated: true,
    createdBy: DEMO_AGENT.id,
    updatedBy: DEMO_AGENT.id,
    ...at,
  };
}

function department(id: string, projectId: string, name: string, at: Stamps, extra: Partial<DepartmentDoc> = {}): DepartmentDoc {
  return {
    _id: id,
    name,
    routing: 'assigned',
    default: false,
    status: 1,
    id_project: projectId,
    groups: [],
    tags: [],
    createdBy: DEMO_AGENT.id,
    ...at,
    ...extra,
  };
}

function bot(ids: FixtureIds, at: Stamps): BotDoc {
  return {
    _id: ids.bot,
    name: 'Porch Bot',
    id_project: ids.project,
    type: 'internal',
    language: 'en',
    description: 'The demo bot: try /help',
    trashed: false,
    attributes: {},
    createdBy: DEMO_AGENT.id,
    ...at,
  };
}

/** The documents of one demo project (the users are shared by every project). */
export interface ProjectFixture {
  project: ProjectDoc;
  projectUsers: ProjectUserDoc[];
  departments: DepartmentDoc[];
  bot: BotDoc;
  labels: LabelDoc;
}

/** The seed project's documents under `ids`; `at` stamps them (the seed time for the seed). */
export function projectFixture(ids: FixtureIds, at: Stamps = stamps): ProjectFixture {
  const pid = ids.project;
  const labels = defaultLabels().filter((l) => l.lang === 'EN');
  return {
    project: project(ids, at),
    projectUsers: [membership(ids.ownerMembership, pid, DEMO_AGENT.id, 'owner', at), membership(ids.agentMembership, pid, DEMO_AGENT_2.id, 'agent', at)],
    departments: [
      department(ids.departments.default, pid, 'Default Department', at, { default: true }),
      department(ids.departments.sales, pid, 'Sales', at, { description: 'Orders, prices and quotes' }),
      department(ids.departments.support, pid, 'Support', at, { description: 'Answered first by the demo bot', id_bot: ids.bot }),
    ],
    bot: bot(ids, at),
    labels: {
      _id: ids.labels,
      id_project: pid,
      data: labels.map((l, i) => ({ ...l, _id: ids.labelEntry(i), default: true })),
      createdBy: DEMO_AGENT.id,
      ...at,
    },
  };
}

/** A stamp set for documents created now. */
export function stampsNow(): Stamps {
  const now = new Date().toISOString();
  return { createdAt: now, updatedAt: now, __v: 0 };
}

/** The seed's stored files: the price list the bot's `/file` sends, and the agents' photos. */
function seedFiles(): FileDoc[] {
  return [
    priceListFile(SEED_TIME),
    ...photoFiles(SEED_TIME, { [DEMO_AGENT.id]: 'agent-ann.png', [DEMO_AGENT_2.id]: 'agent-bob.png', [DEMO_BOT_ID]: 'bot.png' }),
  ];
}

/**
 * A store loaded from an older data file: puts back the seed's missing files, and gives projects
 * written before custom tokens their secret.
 */
export function upgradeData(data: StoreData): void {
  for (const file of seedFiles()) {
    if (!data.files.some((f) => f.bucket === file.bucket && f.filename === file.filename)) data.files.push(file);
  }
  for (const doc of data.projects) doc.jwtSecret ??= doc._id === DEMO_PROJECT_ID ? DEMO_PROJECT_SECRET : randomBytes(24).toString('hex');
}

export function createSeed(options: SeedOptions): StoreData {
  const fixture = projectFixture(SEED_IDS);
  return {
    projects: [fixture.project],
    users: [user(DEMO_AGENT), user(DEMO_AGENT_2)],
    projectUsers: fixture.projectUsers,
    departments: fixture.departments,
    bots: [fixture.bot],
    leads: [],
    requests: [],
    messages: [],
    labels: [fixture.labels],
    files: seedFiles(),
    issuedGuestJtis: [],
    revokedJtis: [],
    ticketCounters: {},
    demo: { botWelcome: options.botWelcome },
  };
}
