import "./helio-app.js";
