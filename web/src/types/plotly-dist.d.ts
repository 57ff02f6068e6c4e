// The minified plotly bundle has the API of plotly.js, whose types it does not ship.
declare module 'plotly.js-dist-min' {
  import Plotly from 'plotly.js';
  export default Plotly;
}
