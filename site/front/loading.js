// The site's word while Python loads in the page (added to the lab's index.html by site/build.py).
//
// The first code cell of an open notebook gets a line saying that Python is loading here and
// about how long that takes, with the seconds counting; once the kernel is idle the line says so
// and how to run the cells; it goes when the first card table is drawn (in a notebook without
// one, when the cells that ran are done). Only the page's elements are read: nothing is sent anywhere.
(function () {
  "use strict";
  var TYPICAL = "{typical}";
  var started = Date.now();
  var NOTE = "sk-loading";
  var quiet = 0;

  function style() {
    var css = document.createElement("style");
    css.textContent =
      "." + NOTE + "{margin:4px 0 6px 74px;padding:8px 12px;border-left:4px solid #1f5f3a;" +
      "background:#eef5ef;color:#1d2b22;font:13px/1.45 system-ui,sans-serif;border-radius:3px}" +
      "." + NOTE + "[data-state=ready]{border-color:#c58b00;background:#fff7df}" +
      "." + NOTE + "[data-state=loading]::before{content:'';display:inline-block;width:9px;height:9px;" +
      "margin-right:8px;border:2px solid #1f5f3a;border-right-color:transparent;border-radius:50%;" +
      "animation:sk-spin 1s linear infinite;vertical-align:-1px}" +
      "@keyframes sk-spin{to{transform:rotate(360deg)}}";
    document.head.appendChild(css);
  }

  function kernelIdle() {
    var items = document.querySelectorAll(".jp-StatusBar-TextItem");
    for (var i = 0; i < items.length; i++) {
      if (/\| Idle/.test(items[i].textContent || "")) return true;
    }
    return false;
  }

  function tick() {
    var firstCell = document.querySelector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-CodeCell");
    var note = document.querySelector("." + NOTE);
    if (!firstCell) return;
    var idle = kernelIdle();
    // done: a card table is drawn, or the kernel ran something and has been idle for 3 s since
    var ran = idle && document.querySelector(".jp-NotebookPanel .jp-OutputArea-output");
    quiet = ran ? quiet + 1 : 0;
    if (document.querySelector(".jp-NotebookPanel .sk-table") || quiet >= 12) {
      if (note) note.remove();
      window.clearInterval(timer);
      return;
    }
    if (!note) {
      note = document.createElement("div");
      note.className = NOTE;
      note.setAttribute("role", "status");
      var wrapper = firstCell.querySelector(".jp-Cell-inputWrapper");
      firstCell.insertBefore(note, wrapper ? wrapper.nextSibling : null);
    }
    var text, state;
    if (idle) {
      state = "ready";
      text = "Python is ready in this page. Run the cells: Run ▸ Run All Cells, or Shift+Enter " +
        "one cell at a time. The card tables appear under their cells.";
    } else {
      state = "loading";
      var seconds = Math.round((Date.now() - started) / 1000);
      text = "Python is loading in this page (" + seconds + " s so far; it usually takes " + TYPICAL +
        "). You can already run the cells: they start as soon as it is ready.";
    }
    if (note.getAttribute("data-state") !== state || state === "loading") {
      note.setAttribute("data-state", state);
      note.textContent = text;
    }
  }

  style();
  var timer = window.setInterval(tick, 250);
})();
