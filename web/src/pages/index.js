// Every page module, one import per line; the route table (router.js) maps paths to their tags.
// A route whose element is not defined yet shows the "coming" placeholder.
import "./setup-page.js";
import "./signin-page.js";
import "./dashboard-page.js";
import "./settings-page.js";
import "./metrics-page.js";
import "./tokens-page.js";
import "./sessions-page.js";
import "./account-page.js";
import "./coming-page.js";
import "./not-found-page.js";
import "./apps-page.js";
import "./devices-page.js";
import "./logs-page.js";
import "./updates-page.js";
import "./displays-page.js";
import "./helpers-page.js";
import "./integrations-page.js";
