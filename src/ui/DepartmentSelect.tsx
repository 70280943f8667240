import { translator, useWidget } from './context.ts';
import intakeStepCss from './IntakeStep.css?inline';
import departmentSelectCss from './DepartmentSelect.css?inline';
import { WelcomeMessage } from './WelcomeMessage.tsx';
import { useOpeningFocus } from './openingFocus.ts';
import { useRef } from 'preact/hooks';

/** "What can we help you with?": one button per visible department (the default one is hidden). */
export function DepartmentSelect() {
  const widget = useWidget();
  widget.adoptCss(intakeStepCss, departmentSelectCss);
  const { intake, settings, intents } = widget;
  const t = translator(widget);
  const root = useRef<HTMLDivElement>(null);
  useOpeningFocus(root);
  return (
    <div part="departments" class="departments" role="group" aria-labelledby="pl-departments-title" ref={root}>
      <div class="welcome">
        <p class="welcome-title">{settings.value.welcomeTitle || t('WELCOME_TITLE')}</p>
        <WelcomeMessage class="welcome-msg" />
      </div>
      <p id="pl-departments-title" class="step-title">
        {t('LABEL_SELECT_TOPIC')}
      </p>
      <ul class="department-list">
        {intake.choices.value.map((department, index) => (
          <li key={department._id}>
            <button
              type="button"
              class="department-button"
              data-opening-focus={index === 0 || undefined}
              onClick={() => intents.chooseDepartment(department._id)}
            >
              <span class="department-name">{department.name}</span>
              {typeof department.description === 'string' && department.description.trim() && (
                <span class="department-description">{department.description}</span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default DepartmentSelect;
