import { signal, type Signal } from '@preact/signals-core';
import { ApiError, type Http } from '../api/http.ts';
import { getIsOpen, getWidgets } from '../api/project.ts';
import { normalizeWidgets } from '../api/normalize/project.ts';
import type { WidgetsResponse, WireDepartment } from '../api/wire.ts';
import { cleanLayer, type WidgetSettings } from './settings.ts';

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
  return { ...cleanLayer(aliased), ...cleanLayer(source) };
}

/** What the service says about the project: its widget settings, departments and availability. */
export interface ProjectModel {
  /** `project.widget` as a settings layer (cleaned: unknown keys and wrong types dropped). */
  widgetLayer: Signal<Partial<WidgetSettings>>;
  name: Signal<string>;
  departments: Signal<WireDepartment[]>;
  /** null until known; false when closed by operating hours or nobody is available. */
  agentsAvailable: Signal<boolean | null>;
  /** `activeOperatingHours` and the `operatingHours` JSON string, evaluated in the browser too. */
  hours: Signal<{ activeOperatingHours?: unknown; operatingHours?: unknown }>;
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
  const hours = signal<{ activeOperatingHours?: unknown; operatingHours?: unknown }>({});

  const model: ProjectModel = {
    widgetLayer,
    name,
    departments,
    agentsAvailable,
    hours,
    apply(raw) {
      // A preview's answer comes from the dashboard page, not through the api layer: the same
      // normaliser checks it (for a fetched answer it changes nothing).
      const answer = normalizeWidgets(raw);
      const project = answer.project;
      widgetLayer.value = projectWidgetLayer(project?.widget);
      name.value = typeof project?.name === 'string' ? project.name : '';
      departments.value = Array.isArray(answer.departments) ? answer.departments.filter((d) => d && typeof d._id === 'string') : [];
      if (Array.isArray(answer.user_available)) agentsAvailable.value = answer.user_available.length > 0;
      hours.value = { activeOperatingHours: project?.activeOperatingHours, operatingHours: project?.operatingHours };
    },
    async load() {
      if (!http) return null;
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
      }
    },
  };
  return model;
}
