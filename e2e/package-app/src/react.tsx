import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Porchlight, type WidgetInstance } from 'porchlight/react';
import { settings } from './config.ts';

function App() {
  const [title, setTitle] = useState('Help desk');
  const [shown, setShown] = useState(true);
  const [instance, setInstance] = useState<WidgetInstance | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTitle('Renamed desk')}>
        Rename
      </button>
      <button type="button" onClick={() => setShown(false)}>
        Remove
      </button>
      <output>{instance ? 'mounted' : 'none'}</output>
      {shown && <Porchlight {...settings} open widgetTitle={title} onInstance={setInstance} />}
    </>
  );
}

createRoot(document.getElementById('app')!).render(<App />);
