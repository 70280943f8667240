import 'porchlight/element';
import { settings } from './config.ts';

const element = document.createElement('porchlight-widget');
element.setAttribute('project-id', settings.projectid);
element.setAttribute('api-url', settings.apiUrl);
element.setAttribute('persistence', 'none');
element.setAttribute('open', 'true');
document.getElementById('app')!.append(element);
