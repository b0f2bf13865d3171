export default {
	layout: "layouts/home.njk",
};
