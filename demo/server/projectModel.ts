/**
 * The project's computed properties (Mongoose virtuals of the reference `models/project.js`)
 * and the JSON it exposes to the widget.
 */
import type { WireProject } from '../../src/api/wire.ts';
import type { ProjectDoc } from './types.ts';

export type ProjectJson = WireProject & Record<string, unknown>;

const DAY_MS = 86_400_000;

/** Always false unless `TRIAL_MODE_ENABLED` is set (to anything, even "false"). */
export function trialExpired(project: ProjectDoc, now: number = Date.now()): boolean {
  if (!process.env.TRIAL_MODE_ENABLED) return false;
  return Date.parse(project.createdAt) + project.profile.trialDays * DAY_MS < now;
}

/** Negative while the trial runs, positive after it has expired (sic). */
export function trialDaysLeft(project: ProjectDoc, now: number = Date.now()): number {
  return Math.floor((now - (Date.parse(project.createdAt) + project.profile.trialDays * DAY_MS)) / DAY_MS);
}

/** free → false; payment with `subEnd` → within 3 days of it; payment without → "" (sic). */
export function isActiveSubscription(project: ProjectDoc, now: number = Date.now()): boolean | '' {
  if (project.profile.type !== 'payment') return false;
  if (!project.profile.subEnd) return '';
  return now <= Date.parse(project.profile.subEnd) + 3 * DAY_MS;
}

/**
 * "Expired trial or inactive subscription": the project is then always open, only its default
 * department is listed and `widget.poweredBy`/`baloonImage` are dropped.
 */
export function isDegradedPlan(project: ProjectDoc, now: number = Date.now()): boolean {
  return (
    (project.profile.type === 'free' && trialExpired(project, now)) || (project.profile.type === 'payment' && isActiveSubscription(project, now) === false)
  );
}

/** The four settings the public `/widgets` endpoint lets through. */
const PUBLIC_SETTINGS = ['allowed_urls', 'allowed_urls_list', 'allow_send_emoji', 'allowed_upload_extentions'];

/**
 * The welcome texts as the service's dashboard stores them: `wellcomeTitle` / `wellcomeMsg` (sic).
 * What a project set up on a real deployment answers (the demo's reference mode).
 */
export function dashboardSpelling(widget: Record<string, unknown>): Record<string, unknown> {
  const { welcomeTitle, welcomeMsg, ...rest } = widget;
  return {
    ...rest,
    ...(welcomeTitle === undefined ? {} : { wellcomeTitle: welcomeTitle }),
    ...(welcomeMsg === undefined ? {} : { wellcomeMsg: welcomeMsg }),
  };
}

/**
 * `GET /:pid/widgets` → `project`: the document with virtuals, filtered settings, no secrets;
 * `asDashboard`: the welcome texts under the dashboard's spelling (the demo's reference mode).
 */
export function widgetProjectJson(project: ProjectDoc, now: number = Date.now(), asDashboard = false): ProjectJson {
  const settings: Record<string, unknown> = {};
  for (const key of PUBLIC_SETTINGS) {
    if (project.settings[key] !== undefined) settings[key] = project.settings[key];
  }
  const widget = asDashboard ? dashboardSpelling(project.widget) : { ...project.widget };
  if (isDegradedPlan(project, now)) {
    delete widget.poweredBy;
    delete widget.baloonImage;
  }
  return { ...projectJson(project, now), settings, widget };
}

/** The full project as an agent reads it (`GET /projects/:pid`). */
export function projectJson(project: ProjectDoc, now: number = Date.now()): ProjectJson {
  // `jwtSecret` is `select: false` on the reference: never sent.
  const { jwtSecret: _secret, ...doc } = structuredClone(project);
  return {
    ...doc,
    id: project._id,
    trialExpired: trialExpired(project, now),
    trialDaysLeft: trialDaysLeft(project, now),
    isActiveSubscription: isActiveSubscription(project, now),
  };
}
