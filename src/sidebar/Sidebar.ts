document.body.textContent = "hi";
