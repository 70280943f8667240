import { translator, useWidget } from './context.ts';
import intakeStepCss from './IntakeStep.css?inline';
import departmentSelectCss from './DepartmentSelect.css?inline';
import { WelcomeMessage } from './WelcomeMessage.tsx';

/** "What can we help you with?": one button per visible department (the default one is hidden). */
export function DepartmentSelect() {
  const widget = useWidget();
  widget.adoptCss(intakeStepCss, departmentSelectCss);
  const { intake, settings, intents } = widget;
  const t = translator(widget);
  return (
    <div part="departments" class="departments" role="group" aria-labelledby="pl-departments-title">
      <div class="welcome">
        <p class="welcome-title">{settings.value.welcomeTitle || t('WELCOME_TITLE')}</p>
        <WelcomeMessage class="welcome-msg" />
      </div>
      <p id="pl-departments-title" class="step-title">
        {t('LABEL_SELECT_TOPIC')}
      </p>
      <ul class="department-list">
        {intake.choices.value.map((department) => (
          <li key={department._id}>
            <button type="button" class="department-button" onClick={() => intents.chooseDepartment(department._id)}>
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
