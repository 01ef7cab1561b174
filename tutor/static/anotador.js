/* The anotador: the score of a game with real cards, kept in localStorage.
   Every award's value comes from the page (data-values, computed by the engine on the server): this
   script adds them up, looks up the score-dependent ones (falta envido, contraflor al resto) by the
   leading team's score, and draws the score as the page's table says it (malas, buenas, squares of
   five). Sentences come translated in data-texts. A shared score is posted to the server with the
   page's CSRF token; a viewer's page polls it by version (204 while nothing changed).
   No inline script (CSP). */
(function () {
  "use strict";

  var MATCH_KEY = "anotador:match";
  var SHARE_KEY = "anotador:share";
  var CACHE = "anotador-v1";
  var POLL_MS = 3000;
  var SVG = "http://www.w3.org/2000/svg";

  function fmt(text, params) {
    return String(text).replace(/%\((\w+)\)s/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
    });
  }

  function load(key) {
    try {
      var text = window.localStorage.getItem(key);
      return text ? JSON.parse(text) : null;
    } catch (e) {
      return null;
    }
  }

  function save(key, value) {
    try {
      if (value === null) {
        window.localStorage.removeItem(key);
      } else {
        window.localStorage.setItem(key, JSON.stringify(value));
      }
    } catch (e) { /* private mode: the score lives as long as the page */ }
  }

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (e) {
      return "";
    }
  }

  function Anotador(root) {
    this.root = root;
    this.values = JSON.parse(root.getAttribute("data-values"));
    this.texts = JSON.parse(root.getAttribute("data-texts"));
    this.viewUrl = root.getAttribute("data-view");
    this.shareUrl = root.getAttribute("data-share");
    /* Every award's words, for the history: from the page's data, so the shared page (which has no
       award buttons) words it as the keeper's phone does. */
    this.labels = JSON.parse(root.getAttribute("data-labels") || "{}");
    this.match = this.viewUrl ? null : load(MATCH_KEY);
    this.share = this.viewUrl ? null : load(SHARE_KEY);
    this.version = 0;
    this.lastSeen = Date.now();
  }

  Anotador.prototype.$ = function (id) {
    return this.root.querySelector("#" + id);
  };

  Anotador.prototype.table = function () {
    return this.values[String(this.match.target)];
  };

  /* Scores after each event, the hands played and the winner, from the events alone. */
  Anotador.prototype.tally = function () {
    var match = this.match;
    var table = this.table();
    var scores = match.teams.map(function () { return 0; });
    var hands = 0;
    var winner = null;
    var rows = [];
    match.events.forEach(function (event) {
      if (winner !== null) {
        return;
      }
      var hand = hands;
      scores[event[0]] += event[2];
      if (table.awards[event[1]] && table.awards[event[1]].endsHand) {
        hands += 1;
      }
      if (scores[event[0]] >= match.target) {
        winner = event[0];
      }
      rows.push({ event: event, hand: hand, scores: scores.slice() });
    });
    return { scores: scores, hands: hands, winner: winner, rows: rows };
  };

  /* What an award gives now: its fixed points, or the table's value at the leader's score. */
  Anotador.prototype.points = function (key, scores) {
    var award = this.table().awards[key];
    if (!award) {
      return null;
    }
    if (award.by) {
      var leader = Math.max.apply(null, scores);
      return this.table()[award.by][Math.min(leader, this.match.target - 1)];
    }
    return award.points;
  };

  Anotador.prototype.said = function (score) {
    var list = this.table().scores;
    return list[Math.min(score, list.length - 1)];
  };

  Anotador.prototype.dealer = function (hand) {
    return (this.match.dealer + hand) % this.match.teams.length;
  };

  Anotador.prototype.sticks = function (score) {
    var said = this.said(score);
    var zones = document.createElement("div");
    zones.className = "sticks-zones";
    zones.setAttribute("aria-hidden", "true");
    said.zones.forEach(function (zone) {
      var box = document.createElement("div");
      box.className = "sticks-zone sticks-" + zone[0];
      zone[1].forEach(function (n) {
        var svg = document.createElementNS(SVG, "svg");
        svg.setAttribute("class", "square");
        svg.setAttribute("viewBox", "0 0 24 24");
        svg.setAttribute("width", "24");
        svg.setAttribute("height", "24");
        svg.setAttribute("focusable", "false");
        var guide = document.createElementNS(SVG, "rect");
        guide.setAttribute("class", "square-guide");
        [["x", 3], ["y", 3], ["width", 18], ["height", 18]].forEach(function (a) { guide.setAttribute(a[0], a[1]); });
        svg.appendChild(guide);
        var lines = [[3, 3, 3, 21], [3, 3, 21, 3], [21, 3, 21, 21], [3, 21, 21, 21], [3, 21, 21, 3]];
        for (var i = 0; i < n; i++) {
          var line = document.createElementNS(SVG, "line");
          line.setAttribute("x1", lines[i][0]);
          line.setAttribute("y1", lines[i][1]);
          line.setAttribute("x2", lines[i][2]);
          line.setAttribute("y2", lines[i][3]);
          svg.appendChild(line);
        }
        box.appendChild(svg);
      });
      zones.appendChild(box);
    });
    return zones;
  };

  Anotador.prototype.standing = function (scores) {
    var self = this;
    return scores.map(function (score, team) {
      return fmt(self.texts.standing, { team: self.match.teams[team], said: self.said(score).said });
    }).join("; ");
  };

  Anotador.prototype.render = function () {
    var self = this;
    var match = this.match;
    var setup = this.$("anotador-setup");
    var board = this.$("anotador-match");
    if (!match) {
      if (setup) { setup.hidden = false; }
      board.hidden = true;
      return;
    }
    if (setup) { setup.hidden = true; }
    board.hidden = false;
    var tally = this.tally();
    var teams = this.$("anotador-teams");
    teams.textContent = "";
    tally.scores.forEach(function (score, team) {
      var said = self.said(score);
      var figure = document.createElement("figure");
      figure.className = "sticks anotador-team" + (tally.winner === team ? " anotador-winner" : "");
      figure.setAttribute("role", "img");
      figure.setAttribute("aria-label", match.teams[team] + ": " + said.points + (said.said !== said.points ? " (" + said.said + ")" : ""));
      var caption = document.createElement("figcaption");
      caption.setAttribute("aria-hidden", "true");
      var name = document.createElement("span");
      name.className = "sticks-label";
      name.textContent = match.teams[team];
      var strong = document.createElement("strong");
      strong.className = "sticks-said";
      strong.textContent = said.said;
      caption.appendChild(name);
      caption.appendChild(document.createTextNode(" "));
      caption.appendChild(strong);
      figure.appendChild(caption);
      figure.appendChild(self.sticks(score));
      teams.appendChild(figure);
    });
    this.$("anotador-dealer").textContent = tally.winner !== null
      ? fmt(this.texts.won, { team: match.teams[tally.winner] })
      : fmt(this.texts.deals, { team: match.teams[this.dealer(tally.hands)] });
    this.renderWho(tally);
    this.renderAwards(tally);
    this.renderHistory(tally);
    var undo = this.$("anotador-undo");
    if (undo) { undo.disabled = match.events.length === 0; }
  };

  Anotador.prototype.renderWho = function (tally) {
    var who = this.$("anotador-who");
    if (!who) { return; }
    var chosen = who.querySelector("input:checked");
    var keep = chosen ? Number(chosen.value) : 0;
    var self = this;
    who.textContent = "";
    this.match.teams.forEach(function (name, team) {
      var label = document.createElement("label");
      label.className = "choice anotador-team-choice";
      var input = document.createElement("input");
      input.type = "radio";
      input.name = "who";
      input.value = String(team);
      input.checked = team === (keep < self.match.teams.length ? keep : 0);
      input.disabled = tally.winner !== null;
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + name));
      who.appendChild(label);
    });
  };

  Anotador.prototype.renderAwards = function (tally) {
    var self = this;
    this.root.querySelectorAll("[data-award]").forEach(function (button) {
      /* Once the match is won no award counts: the buttons show no points (a value there would be one
         computed from a finished score). */
      var points = tally.winner !== null ? null : self.points(button.getAttribute("data-award"), tally.scores);
      var label = button.querySelector(".award-label").textContent;
      button.querySelector(".award-points").textContent = points === null ? "" : "+" + points;
      button.disabled = points === null;
      button.setAttribute("aria-label", points === null ? label : label + ", +" + points);
    });
  };

  Anotador.prototype.renderHistory = function (tally) {
    var self = this;
    var box = this.$("anotador-history");
    box.textContent = "";
    if (!tally.rows.length) {
      var empty = document.createElement("p");
      empty.className = "muted";
      empty.textContent = this.texts.empty;
      box.appendChild(empty);
      return;
    }
    var list = null;
    var lastHand = -1;
    tally.rows.forEach(function (row) {
      if (row.hand !== lastHand) {
        lastHand = row.hand;
        var head = document.createElement("h3");
        head.className = "anotador-hand";
        head.textContent = fmt(self.texts.hand, { n: row.hand + 1, team: self.match.teams[self.dealer(row.hand)] });
        box.appendChild(head);
        list = document.createElement("ul");
        box.appendChild(list);
      }
      var item = document.createElement("li");
      item.textContent = fmt(self.texts.entry, {
        team: self.match.teams[row.event[0]],
        points: row.event[2],
        award: self.labels[row.event[1]] || row.event[1],
        scores: row.scores.join("–")
      });
      list.appendChild(item);
    });
  };

  Anotador.prototype.announce = function (text) {
    var status = this.$("anotador-status");
    status.textContent = "";
    window.setTimeout(function () { status.textContent = text; }, 50);
  };

  Anotador.prototype.changed = function () {
    this.match.seq = (this.match.seq || 0) + 1;
    save(MATCH_KEY, this.match);
    this.render();
    this.publish();
  };

  Anotador.prototype.award = function (key) {
    var tally = this.tally();
    if (tally.winner !== null) { return; }
    var chosen = this.$("anotador-who").querySelector("input:checked");
    var team = chosen ? Number(chosen.value) : 0;
    var points = this.points(key, tally.scores);
    if (points === null) { return; }
    this.match.events.push([team, key, points]);
    this.changed();
    var after = this.tally();
    var text = fmt(this.texts.scored, { team: this.match.teams[team], award: this.labels[key], points: points }) +
      " " + this.standing(after.scores) + ".";
    if (after.winner !== null) {
      text += " " + fmt(this.texts.won, { team: this.match.teams[after.winner] });
    }
    this.announce(text);
  };

  Anotador.prototype.undo = function () {
    var last = this.match.events.pop();
    if (!last) {
      this.announce(this.texts.nothing);
      return;
    }
    this.changed();
    this.announce(fmt(this.texts.undone, { award: this.labels[last[1]], team: this.match.teams[last[0]] }) +
      " " + this.standing(this.tally().scores) + ".");
  };

  Anotador.prototype.start = function (form) {
    var teams = Number(form.querySelector("input[name=teams]:checked").value);
    var names = [];
    for (var n = 1; n <= teams; n++) {
      var input = form.querySelector("#team-" + n);
      names.push((input.value || "").trim().slice(0, 24) || fmt(this.texts.team, { n: n }));
    }
    var dealer = Number(form.querySelector("select[name=dealer]").value);
    this.match = {
      target: Number(form.querySelector("input[name=target]:checked").value),
      teams: names,
      dealer: dealer < teams ? dealer : 0,
      events: [],
      seq: 0
    };
    this.share = null;
    save(SHARE_KEY, null);
    this.changed();
    var title = this.$("anotador-score-title");
    title.setAttribute("tabindex", "-1");
    title.focus();
  };

  Anotador.prototype.setupForm = function (form) {
    var self = this;
    function sync() {
      var teams = Number(form.querySelector("input[name=teams]:checked").value);
      form.querySelectorAll(".team-name").forEach(function (row) {
        row.hidden = Number(row.getAttribute("data-team")) >= teams;
      });
      form.querySelectorAll("#first-dealer option").forEach(function (option) {
        var team = Number(option.value);
        var typed = (form.querySelector("#team-" + (team + 1)).value || "").trim();
        option.textContent = typed || fmt(self.texts.team, { n: team + 1 });
        option.hidden = option.disabled = team >= teams;
      });
      var select = form.querySelector("#first-dealer");
      if (Number(select.value) >= teams) { select.value = "0"; }
    }
    form.addEventListener("change", sync);
    form.addEventListener("input", sync);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      self.start(form);
    });
    sync();
  };

  Anotador.prototype.snapshot = function () {
    var m = this.match;
    return { target: m.target, teams: m.teams, dealer: m.dealer, events: m.events };
  };

  Anotador.prototype.post = function (url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body)
    });
  };

  Anotador.prototype.showLink = function (text) {
    var box = this.$("anotador-link");
    box.hidden = false;
    this.$("anotador-link-text").textContent = text;
    var link = this.$("anotador-link-url");
    link.textContent = this.share ? this.share.url : "";
    link.href = this.share ? this.share.url : "#";
    link.hidden = !this.share;
    this.$("anotador-copy").hidden = !this.share;
  };

  Anotador.prototype.startShare = function () {
    var self = this;
    if (this.share) {
      this.showLink(this.texts.shared);
      this.publish();
      return;
    }
    this.post(this.shareUrl, { version: Math.max(1, this.match.seq || 1), snapshot: this.snapshot() })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (data) {
        self.share = { id: data.id, key: data.key, url: data.url, sent: data.version };
        save(SHARE_KEY, self.share);
        self.showLink(self.texts.shared);
        self.publish();
      })
      .catch(function () {
        self.showLink(self.texts.share_failed);
      });
  };

  /* Send the newest snapshot to the share, if there is one; an older version is ignored there. */
  Anotador.prototype.publish = function () {
    var self = this;
    var share = this.share;
    if (!share || !this.match || (share.sent || 0) >= this.match.seq) { return; }
    var version = this.match.seq;
    this.post(share.id ? this.shareUrl + "/" + encodeURIComponent(share.id) : this.shareUrl,
      { key: share.key, version: version, snapshot: this.snapshot() })
      .then(function (response) {
        if (response.status === 404) {
          self.share = null;
          save(SHARE_KEY, null);
          self.$("anotador-link").hidden = true;
          return;
        }
        if (!response.ok) { throw new Error(String(response.status)); }
        share.sent = Math.max(share.sent || 0, version);
        save(SHARE_KEY, share);
      })
      .catch(function () {
        self.showLink(self.texts.offline);
      });
  };

  Anotador.prototype.poll = function () {
    var self = this;
    fetch(this.viewUrl + "?version=" + this.version, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (response.status === 204) {
          return null;
        }
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (data) {
        self.lastSeen = Date.now();
        self.$("anotador-seen").textContent = "";
        if (!data) { return; }
        var first = self.version === 0;
        self.version = data.version;
        self.match = data.snapshot;
        self.render();
        if (!first) {
          self.announce(self.standing(self.tally().scores) + ".");
        }
      })
      .catch(function () {
        if (Date.now() - self.lastSeen > 4 * POLL_MS) {
          self.$("anotador-seen").textContent = self.texts.stale;
        }
      })
      .then(function () {
        if (document.body.contains(self.root)) {
          window.setTimeout(function () { self.poll(); }, POLL_MS);
        }
      });
  };

  /* Keep the page and everything it loaded in the cache, and let the service worker answer from it
     when there is no network. */
  Anotador.prototype.offline = function () {
    if (!("serviceWorker" in navigator) || !window.caches) { return; }
    var scope = this.root.getAttribute("data-scope");
    navigator.serviceWorker.register(this.root.getAttribute("data-sw"), { scope: scope }).catch(function () {});
    var assets = [window.location.pathname];
    document.querySelectorAll("link[rel~=stylesheet][href], link[rel~=icon][href], script[src]").forEach(function (el) {
      assets.push(el.getAttribute("href") || el.getAttribute("src"));
    });
    window.caches.open(CACHE).then(function (cache) {
      return cache.addAll(assets);
    }).catch(function () {});
  };

  Anotador.prototype.bind = function () {
    var self = this;
    var form = this.$("anotador-setup");
    if (form) { this.setupForm(form); }
    this.root.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || button.disabled) { return; }
      if (button.hasAttribute("data-award")) {
        self.award(button.getAttribute("data-award"));
      } else if (button.id === "anotador-undo") {
        self.undo();
      } else if (button.id === "anotador-new") {
        if (window.confirm(self.texts.confirm_new)) {
          self.match = null;
          self.share = null;
          save(MATCH_KEY, null);
          save(SHARE_KEY, null);
          self.$("anotador-link").hidden = true;
          self.render();
          var first = self.root.querySelector("#anotador-setup input");
          if (first) { first.focus(); }
        }
      } else if (button.id === "anotador-share-button") {
        self.startShare();
      } else if (button.id === "anotador-copy" && navigator.clipboard && self.share) {
        navigator.clipboard.writeText(self.share.url).then(function () { self.announce(self.texts.copied); });
      }
    });
    window.addEventListener("online", function () { self.publish(); });
  };

  function enhance(scope) {
    var root = (scope.querySelector && scope.querySelector("#anotador")) || (scope.id === "anotador" ? scope : null);
    if (!root || root.getAttribute("data-ready")) { return; }
    root.setAttribute("data-ready", "1");
    var anotador = new Anotador(root);
    if (anotador.viewUrl) {
      anotador.poll();
      return;
    }
    anotador.bind();
    anotador.render();
    if (anotador.share) {
      anotador.showLink(anotador.texts.shared);
      anotador.publish();
    }
    anotador.offline();
  }

  document.addEventListener("DOMContentLoaded", function () { enhance(document); });
  document.addEventListener("htmx:load", function (event) { enhance(event.target); });
})();
