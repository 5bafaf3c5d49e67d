// Every page module, one import per line; the route table (router.js) maps paths to their tags.
// A route whose element is not defined yet shows the "coming" placeholder.
import "./setup-page.js";
import "./signin-page.js";
import "./coming-page.js";
import "./not-found-page.js";
