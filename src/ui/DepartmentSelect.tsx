import { translator, useWidget } from './context.ts';
import quickRepliesCss from './QuickReplies.css?inline';
import departmentSelectCss from './DepartmentSelect.css?inline';

/**
 * "What can we help you with?": the visible departments (the default one is hidden) as reply chips
 * at the end of the thread, above a composer ready to type (issue 26 §1). A message written first
 * waits, sending, until one is chosen (intake.ts `holds`).
 */
export function DepartmentSelect() {
  const widget = useWidget();
  widget.adoptCss(quickRepliesCss, departmentSelectCss);
  const { intake, intents } = widget;
  const t = translator(widget);
  return (
    <div part="departments" class="departments" role="group" aria-labelledby="pl-departments-title">
      <p id="pl-departments-title" class="departments-title">
        {t('LABEL_SELECT_TOPIC')}
      </p>
      <div class="quick-replies department-list">
        {intake.choices.value.map((department) => {
          const description = typeof department.description === 'string' ? department.description.trim() : '';
          return (
            <button
              key={department._id}
              type="button"
              class="attachment-button department-button"
              title={description || undefined}
              onClick={() => intents.chooseDepartment(department._id)}
            >
              {department.name}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default DepartmentSelect;
