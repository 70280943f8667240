// stylelint: stylelint-config-standard, tuned to how this codebase writes CSS.
/** @type {import('stylelint').Config} */
export default {
  extends: ['stylelint-config-standard'],
  ignoreFiles: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'],
  rules: {
    // Short rules stay on one line (`.badge { display: flex; gap: 4px }`): the house style.
    'declaration-block-single-line-max-declarations': null,
    // Alpha as a number, `rgb(16 24 40 / 0.18)`, and media queries as `(max-width: 480px)`.
    'alpha-value-notation': 'number',
    'media-feature-range-notation': 'prefix',
    // SVG's own spelling of the keyword.
    'value-keyword-case': ['lower', { camelCaseSvgKeywords: true }],
    // Styles are grouped by component, not by specificity; inside one shadow root the cascade
    // between components is deliberate (e.g. `.md p + p` and `.confirm p`).
    'no-descending-specificity': null,
  },
};
