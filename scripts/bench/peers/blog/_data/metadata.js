export default {
	title: "Eleventy Base Blog v9",
	url: "https://example.com/",
	language: "en",
	description: "I am writing about my experiences as a naval navel-gazer.",
	author: {
		name: "Your Name Here",
		email: "youremailaddress@example.com",
		url: "https://example.com/about-me/"
	}
}
