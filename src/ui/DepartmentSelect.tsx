import { useWidget, useT } from './context.ts';

/** "What can we help you with?": one button per visible department (the default one is hidden). */
export function DepartmentSelect() {
  const { intake } = useWidget();
  const t = useT();
  return (
    <div part="departments" class="departments" role="group" aria-labelledby="pl-departments-title">
      <p id="pl-departments-title" class="step-title">
        {t('LABEL_SELECT_TOPIC')}
      </p>
      <ul class="department-list">
        {intake.choices.value.map((department) => (
          <li key={department._id}>
            <button type="button" class="department-button" onClick={() => void intake.chooseDepartment(department._id)}>
              {department.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
