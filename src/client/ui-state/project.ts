import { signal, type ReadonlySignal } from '@preact/signals-core';
import { ApiError, type Http } from '../../api/http.ts';
import { getWaitingTime } from '../../api/analytics.ts';
import { getIsOpen, getWidgets } from '../../api/project.ts';
import { normalizeWidgets } from '../../api/normalize/project.ts';
import type { WidgetsResponse, WireDepartment } from '../../api/wire.ts';
import { cleanLayer, type WidgetSettings } from '../../state/settings.ts';

/**
 * `project.widget` as a settings layer. The service's dashboard stores the welcome texts as
 * `wellcomeTitle` / `wellcomeMsg` (sic); the official widget's names `welcomeTitle` / `welcomeMsg`
 * are read too and win when both are set (a page or tool that wrote the correct name meant it).
 */
export function projectWidgetLayer(widget: unknown): Partial<WidgetSettings> {
  if (!widget || typeof widget !== 'object') return {};
  const source = widget as Record<string, unknown>;
  const own = (key: string) => (Object.prototype.hasOwnProperty.call(source, key) ? source[key] : undefined);
  const aliased = { welcomeTitle: own('wellcomeTitle'), welcomeMsg: own('wellcomeMsg') };
  const layer = { ...cleanLayer(aliased), ...cleanLayer(source) };
  // Public to every visitor of the project: a token there would sign them all in as one person.
  delete layer.jwt;
  // Public too, and written by anyone with the dashboard: the visitor's token goes only where the page says.
  delete layer.mqttEndpoint;
  return layer;
}

export interface TeamMember {
  id: string;
  name: string;
}

/** The header shows this many faces at most, as the official widget does. */
export const TEAM_SHOWN = 5;

/** What the service says about the project: its widget settings, departments and availability. */
export interface ProjectModel {
  /** `project.widget` as a settings layer (cleaned: unknown keys and wrong types dropped). */
  widgetLayer: ReadonlySignal<Partial<WidgetSettings>>;
  name: ReadonlySignal<string>;
  departments: ReadonlySignal<WireDepartment[]>;
  /** The service answered (or could not): the departments are what they will be. */
  known: ReadonlySignal<boolean>;
  /** The available agents (`user_available`), at most five: the team in the header. */
  team: ReadonlySignal<TeamMember[]>;
  /** How long visitors lately waited for a first reply (ms); null when the service has no figure. */
  replyTime: ReadonlySignal<number | null>;
  /** null until known; false when closed by operating hours or nobody is available. */
  agentsAvailable: ReadonlySignal<boolean | null>;
  /** `activeOperatingHours` and the `operatingHours` JSON string, evaluated in the browser too. */
  hours: ReadonlySignal<{ activeOperatingHours?: unknown; operatingHours?: unknown }>;
  /** Fetches and applies `/widgets`; resolves with what was applied (null: no `/widgets` here). */
  load(): Promise<Partial<WidgetsResponse> | null>;
  /** Preview mode: the dashboard hands the project in, nothing is fetched. */
  apply(answer: Partial<WidgetsResponse>): void;
}

export function createProject(http: Http | null, projectId: string): ProjectModel {
  const widgetLayer = signal<Partial<WidgetSettings>>({});
  const name = signal('');
  const departments = signal<WireDepartment[]>([]);
  const agentsAvailable = signal<boolean | null>(null);
  const team = signal<TeamMember[]>([]);
  const replyTime = signal<number | null>(null);
  const hours = signal<{ activeOperatingHours?: unknown; operatingHours?: unknown }>({});
  const known = signal(false);

  const model: ProjectModel = {
    widgetLayer,
    name,
    departments,
    known,
    agentsAvailable,
    team,
    replyTime,
    hours,
    apply(raw) {
      // A preview's answer comes from the dashboard page, not through the api layer: the same
      // normaliser checks it (for a fetched answer it changes nothing).
      const answer = normalizeWidgets(raw);
      const project = answer.project;
      widgetLayer.value = projectWidgetLayer(project?.widget);
      name.value = typeof project?.name === 'string' ? project.name : '';
      departments.value = Array.isArray(answer.departments) ? answer.departments.filter((d) => d && typeof d._id === 'string') : [];
      if (Array.isArray(answer.user_available)) {
        agentsAvailable.value = answer.user_available.length > 0;
        team.value = answer.user_available
          .filter((a) => a.id)
          .slice(0, TEAM_SHOWN)
          .map((a) => ({ id: a.id, name: a.firstname ?? '' }));
      }
      hours.value = { activeOperatingHours: project?.activeOperatingHours, operatingHours: project?.operatingHours };
    },
    async load() {
      if (!http) return null;
      // The reply time is a nicety: its failure changes nothing else.
      void getWaitingTime(http, projectId).then(
        (ms) => (replyTime.value = ms),
        () => undefined,
      );
      try {
        const answer = await getWidgets(http, projectId);
        model.apply(answer);
        return answer;
      } catch (error) {
        // A service without `/widgets` (404): run on page settings, ask `isopen` for availability.
        if (!(error instanceof ApiError) || error.status !== 404) throw error;
        const open = await getIsOpen(http, projectId).catch(() => null);
        agentsAvailable.value = open && typeof open.isopen === 'boolean' ? open.isopen : null;
        return null;
      } finally {
        // Answered, refused or unreachable: the departments are what they will be for this visit.
        known.value = true;
      }
    },
  };
  return model;
}
