/**
 * The demo's initial data: one project ("Porchlight Demo"), two agents, three departments
 * (the default one plus "Sales" and "Support", the latter handled by the demo bot), the bot
 * itself and the project's EN labels. `POST /__demo/reset` goes back to exactly this.
 */
import { defaultLabels } from './defaultLabels.ts';
import { hashPassword } from './passwords.ts';
import type { StoreData } from './store.ts';
import type { BotDoc, DepartmentDoc, ProjectDoc, ProjectUserDoc, UserDoc } from './types.ts';

export const DEMO_PROJECT_ID = '65f0c0ffee0000000000d3e0';

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

function project(): ProjectDoc {
  return {
    _id: DEMO_PROJECT_ID,
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
    ...stamps,
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

function membership(id: string, userId: string, role: ProjectUserDoc['role']): ProjectUserDoc {
  return {
    _id: id,
    id_project: DEMO_PROJECT_ID,
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
    ...stamps,
  };
}

function department(id: string, name: string, extra: Partial<DepartmentDoc> = {}): DepartmentDoc {
  return {
    _id: id,
    name,
    routing: 'assigned',
    default: false,
    status: 1,
    id_project: DEMO_PROJECT_ID,
    groups: [],
    tags: [],
    createdBy: DEMO_AGENT.id,
    ...stamps,
    ...extra,
  };
}

function bot(): BotDoc {
  return {
    _id: DEMO_BOT_ID,
    name: 'Porch Bot',
    id_project: DEMO_PROJECT_ID,
    type: 'internal',
    language: 'en',
    description: 'The demo bot: try /help',
    trashed: false,
    attributes: {},
    createdBy: DEMO_AGENT.id,
    ...stamps,
  };
}

export function createSeed(options: SeedOptions): StoreData {
  const labels = defaultLabels().filter((l) => l.lang === 'EN');
  return {
    projects: [project()],
    users: [user(DEMO_AGENT), user(DEMO_AGENT_2)],
    projectUsers: [
      membership('65f0c0ffee0000000000e001', DEMO_AGENT.id, 'owner'),
      membership('65f0c0ffee0000000000e002', DEMO_AGENT_2.id, 'agent'),
    ],
    departments: [
      department(DEPARTMENT_IDS.default, 'Default Department', { default: true }),
      department(DEPARTMENT_IDS.sales, 'Sales', { description: 'Orders, prices and quotes' }),
      department(DEPARTMENT_IDS.support, 'Support', {
        description: 'Answered first by the demo bot',
        id_bot: DEMO_BOT_ID,
      }),
    ],
    bots: [bot()],
    leads: [],
    requests: [],
    messages: [],
    labels: [
      {
        _id: '65f0c0ffee0000000000f001',
        id_project: DEMO_PROJECT_ID,
        data: labels.map((l, i) => ({ ...l, _id: `65f0c0ffee0000000000f1${String(i).padStart(2, '0')}`, default: true })),
        createdBy: DEMO_AGENT.id,
        ...stamps,
      },
    ],
    files: [],
    issuedGuestJtis: [],
    revokedJtis: [],
    ticketCounters: {},
    demo: { botWelcome: options.botWelcome },
  };
}
