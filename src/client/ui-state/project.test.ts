import { describe, expect, it } from 'vitest';
import { createHttp } from '../../api/http.ts';
import { createFakeFetch } from '../../test/fakeFetch.ts';
import { createProject, projectWidgetLayer } from './project.ts';
import { remoteLabelsFor } from '../../i18n/translator.ts';

const apiUrl = 'https://api.test/v3';

describe('project bootstrap', () => {
  it('reads /widgets: settings layer, departments, availability and hours', async () => {
    const { fetch } = createFakeFetch(apiUrl, () => ({
      body: {
        project: { _id: 'p', name: 'Shop', activeOperatingHours: true, operatingHours: '{"tzname":"UTC"}', widget: { themeColor: '#123456', bogus: 1 } },
        user_available: [],
        departments: [{ _id: 'd', name: 'Sales' }, { name: 'no id' }],
      },
    }));
    const project = createProject(createHttp({ apiUrl, fetch }), 'p');
    await project.load();
    expect(project.widgetLayer.value).toEqual({ themeColor: '#123456' });
    expect(project.name.value).toBe('Shop');
    expect(project.departments.value.map((d) => d.name)).toEqual(['Sales']);
    expect(project.agentsAvailable.value).toBe(false);
    expect(project.hours.value).toEqual({ activeOperatingHours: true, operatingHours: '{"tzname":"UTC"}' });
  });

  it('falls back to /projects/{pid}/isopen when /widgets is missing', async () => {
    const { fetch, calls } = createFakeFetch(apiUrl, (call) =>
      call.path.endsWith('/widgets') ? { status: 404, body: 'Cannot GET' } : { body: { isopen: false } },
    );
    const project = createProject(createHttp({ apiUrl, fetch }), 'p');
    await project.load();
    expect(calls.map((c) => c.path)).toEqual(['/p/publicanalytics/waiting/current', '/p/widgets', '/projects/p/isopen']);
    expect(project.agentsAvailable.value).toBe(false);
  });
});

describe('remote labels', () => {
  it('are used only when they are for the asked language, and only as texts', () => {
    expect(remoteLabelsFor('it', { lang: 'IT', data: { LABEL_PLACEHOLDER: ' Scrivi ', ARRAY_DAYS: ['Lun'] } })).toEqual({ LABEL_PLACEHOLDER: 'Scrivi' });
    // A stock service answers its English pivot to every language: not Italian.
    expect(remoteLabelsFor('it', { lang: 'EN', data: { LABEL_PLACEHOLDER: 'Type' } })).toBeNull();
    expect(remoteLabelsFor('en', undefined)).toBeNull();
  });

  it("reads the dashboard's welcome spelling (wellcomeTitle, wellcomeMsg); the correct spelling wins when both are set", () => {
    expect(projectWidgetLayer({ wellcomeTitle: 'Hi from the dashboard', wellcomeMsg: 'We answer fast' })).toEqual({
      welcomeTitle: 'Hi from the dashboard',
      welcomeMsg: 'We answer fast',
    });
    expect(projectWidgetLayer({ wellcomeTitle: 'old', welcomeTitle: 'new', wellcomeMsg: 'old msg' })).toEqual({ welcomeTitle: 'new', welcomeMsg: 'old msg' });
    expect(projectWidgetLayer({ wellcomeTitle: 7 })).toEqual({ welcomeTitle: '7' });
    expect(projectWidgetLayer(null)).toEqual({});
    expect(projectWidgetLayer({ jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJfaWQiOiJqYW5lIn0.c2ln', align: 'left' })).toEqual({ align: 'left' });
    // Nor a broker of the dashboard's choosing: the visitor's token goes only where the page says (issue 24 §1).
    expect(projectWidgetLayer({ mqttEndpoint: 'wss://elsewhere.example/ws', align: 'left' })).toEqual({ align: 'left' });
    expect(projectWidgetLayer(Object.create({ wellcomeTitle: 'inherited' }))).toEqual({});
  });
});
