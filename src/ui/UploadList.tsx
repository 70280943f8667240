import { translator, useWidget } from './context.ts';
import stepButtonsCss from './StepButtons.css?inline';
import uploadListCss from './UploadList.css?inline';

/** Files on their way, with progress, or what went wrong and a way to retry or dismiss. */
export function UploadList() {
  const widget = useWidget();
  widget.adoptCss(stepButtonsCss, uploadListCss);
  const { uploads, intents } = widget;
  const t = translator(widget);
  const items = uploads.items.value;
  if (!items.length) return null;
  return (
    <ul class="uploads">
      {items.map((item) => (
        <li key={item.id} class={`upload${item.error ? ' upload-error' : ''}`}>
          <span class="upload-name">{item.name}</span>
          {item.error ? (
            <>
              <span role="alert" class="upload-message">
                {t(item.error, item.errorParams ?? {})}
              </span>
              {item.error === 'UPLOAD_FAILED' && (
                <button type="button" class="link-button" onClick={() => intents.retryUpload(item.id)}>
                  {t('BUTTON_RETRY')}
                </button>
              )}
              <button type="button" class="link-button" onClick={() => intents.dismissUpload(item.id)}>
                {t('DISMISS')}
              </button>
            </>
          ) : (
            <progress max={1} value={item.progress} aria-label={t('UPLOADING', { name: item.name })} />
          )}
        </li>
      ))}
    </ul>
  );
}
