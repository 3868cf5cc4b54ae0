// fit-probe.js: added by check-browser.sh to a copy of a page of
// 'rimau replay --html' (inside its CDATA script): steps to the first
// turn, then writes into the body's data-probe attribute whether the board fits
// the window without scrolling and the contrast of the current turn's
// number (its list marker) against the page, which Chromium's --dump-dom
// shows.
function lum(c) {
  var v = c.match(/[0-9.]+/g).slice(0, 3).map(function (x) {
    x = x / 255;
    return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}
document.getElementById('next').click();
var b = document.querySelector('#pos1 svg').getBoundingClientRect();
var fg = lum(getComputedStyle(document.querySelector('#turns li.now'), '::marker').color);
var bg = lum(getComputedStyle(document.body).backgroundColor);
var contrast = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
document.body.setAttribute('data-probe', 'fits=' +
  (b.bottom <= innerHeight && b.right <= innerWidth &&
   document.documentElement.scrollHeight <= innerHeight ? 'yes' : 'no') +
  ' contrast=' + contrast.toFixed(1));
