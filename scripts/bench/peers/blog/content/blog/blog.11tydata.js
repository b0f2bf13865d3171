export default {
	tags: [
		"posts"
	],
	"layout": "layouts/post.njk",
};
