"use strict";
// Draws the links between matched items of every visible level: each
// section.al holds its pairs as data-links, [[pred, gold, similarity], ...];
// a link is coloured from red (0) to green (the level's largest similarity,
// or 1). Levels inside a closed <details> are drawn when it opens.
(function () {
  var NS = "http://www.w3.org/2000/svg";
  function colour(t) {
    t = Math.max(0, Math.min(1, t));
    return "hsl(" + Math.round(120 * t) + ", 70%, 40%)";
  }
  // own lists the elements of a level itself, not of the levels beneath.
  function own(sec, selector) {
    return Array.prototype.slice.call(sec.querySelectorAll(":scope > .cols " + selector));
  }
  function draw(sec) {
    var svg = own(sec, "> svg.links")[0];
    if (!svg) return;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    // A level inside a closed <details> (or otherwise not rendered) has no
    // place to draw at.
    if (sec.closest("details:not([open])") || sec.offsetParent === null) return;
    var links = JSON.parse(sec.getAttribute("data-links"));
    var pred = own(sec, "> .pred > .it"), gold = own(sec, "> .gold > .it");
    var box = svg.getBoundingClientRect();
    var top = 1;
    links.forEach(function (l) { top = Math.max(top, l[2]); });
    links.forEach(function (l) {
      var a = pred[l[0]], b = gold[l[1]];
      var ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
      var y1 = ra.top + ra.height / 2 - box.top, y2 = rb.top + rb.height / 2 - box.top, w = box.width;
      var c = colour(l[2] / top);
      var path = document.createElementNS(NS, "path");
      path.setAttribute("class", "link");
      path.setAttribute("d", "M0," + y1 + " C" + w / 2 + "," + y1 + " " + w / 2 + "," + y2 + " " + w + "," + y2);
      path.setAttribute("stroke", c);
      var title = document.createElementNS(NS, "title");
      title.textContent = "pred " + (l[0] + 1) + " ↔ gold " + (l[1] + 1) + ": similarity " + l[2];
      path.appendChild(title);
      svg.appendChild(path);
      path.setAttribute("data-p", l[0]);
      path.setAttribute("data-g", l[1]);
      svg.appendChild(path);
      a.style.borderRightColor = c;
      b.style.borderLeftColor = c;
    });
  }
  // Hovering an item or a link highlights the link and both its items.
  function hover(e, on) {
    var el = e.target.closest && e.target.closest(".it, path.link");
    if (!el) return;
    var sec = el.closest("section.al");
    var paths = own(sec, "> svg.links > path.link");
    var pred = own(sec, "> .pred > .it"), gold = own(sec, "> .gold > .it");
    paths.forEach(function (p) {
      var i = +p.getAttribute("data-p"), j = +p.getAttribute("data-g");
      var hit = p === el || pred[i] === el || gold[j] === el;
      if (!hit) return;
      [p, pred[i], gold[j]].forEach(function (x) { x.classList.toggle("hot", on); });
    });
  }
  document.addEventListener("mouseover", function (e) { hover(e, true); });
  document.addEventListener("mouseout", function (e) { hover(e, false); });
  function drawIn(root) {
    Array.prototype.forEach.call(root.querySelectorAll("section.al"), draw);
  }
  // toggle does not bubble: listen in the capture phase.
  document.addEventListener("toggle", function (e) { drawIn(e.target); }, true);
  // Drawn again whenever the page's box changes: a resize, or a frame
  // that had no layout yet when this ran (a pane shown once its page has
  // loaded), where nothing could be drawn.
  var pending = 0;
  function redraw() {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(function () { drawIn(document); });
  }
  window.addEventListener("resize", redraw);
  if (window.ResizeObserver) new ResizeObserver(redraw).observe(document.documentElement);
  drawIn(document);
})();
